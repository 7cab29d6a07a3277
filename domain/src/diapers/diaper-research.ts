import { z } from 'zod';
import type { EntryResearch } from '../entries/entry-kind-definition';
import { viewSchema } from '../shared/view-schema';
import type { DiaperKind } from './diaper.kind';
import type { DiaperContents, StoolColor } from './diaper.events';
import { BLACK_STOOL_FLAGGED_FROM_AGE_DAYS } from './diaper-rules';

/** A diaper change's own columns in research: what it held and, unless it is a warning sign, the stool's colour. */
export interface DiaperResearch {
  contents: DiaperContents;
  color: ResearchStoolColor | null;
}

/** The colours that may leave: never the two the app always flags. */
type ResearchStoolColor = Exclude<StoolColor, 'red' | 'white'>;

export const diaperResearchColumns = viewSchema<DiaperResearch>()(
  z.strictObject({
    contents: z.enum(['wet', 'dirty', 'both', 'dry']),
    color: z
      .enum(['yellow', 'green', 'brown', 'black'])
      .nullable()
      .describe('The stool colour; null when none was picked and for the colours the app flags as warning signs (red, white, black from day 4).'),
  }),
);

/**
 * The colour research may see. A colour the app answers with 'Talk to your pediatrician' (red or
 * white at any age, black from day 4 on) is a rare sign of illness: it would single a child out and
 * say something about its health, so it leaves as null, the same as a dirty diaper whose colour
 * was not picked. Black in the first days (meconium) stays. Without an age, black is left out too.
 */
export function researchStoolColor(color: StoolColor | null, ageDays: number | null): ResearchStoolColor | null {
  if (color === 'red' || color === 'white') return null;
  if (color === 'black' && (ageDays === null || ageDays >= BLACK_STOOL_FLAGGED_FROM_AGE_DAYS)) return null;
  return color;
}

export const diaperResearch: EntryResearch<DiaperKind> = {
  columns: diaperResearchColumns,
  at: ({ occurredAt }) => occurredAt,
  endAt: () => null,
  fields: ({ contents, color }, { ageDays }) => ({ contents, color: researchStoolColor(color, ageDays) }),
};
