import { z } from 'zod';
import { defineEntryKind } from '../entries/define-entry-kind';
import { isoInstant } from '../entries/entry-fields';
import { AT_AN_INSTANT } from '../entries/entry-times';
import { timedDiaper } from '../insights/daily-insights';
import { named } from '../shared/view-schema';
import { checkDiaper, DIAPER_CONTENTS, diaperGuidance, diaperLine, researchStoolColor, STOOL_COLORS } from './diaper-rules';

const diaperGuidanceSchema = named(
  z.strictObject({ message: z.literal('Talk to your pediatrician'), reason: z.string(), source: z.strictObject({ title: z.string(), url: z.string() }) }),
  'DiaperGuidance',
  "Computed when read, from the child's age on the date of the change.",
);

/** A diaper change: an instant, what the diaper held and, with stool, its colour. */
export const diaperKind = defineEntryKind({
  kind: 'diaper',
  notFound: 'Diaper change not found',
  anEntry: 'a diaper change',
  tag: 'Diaper changes',
  timing: 'instant',
  times: AT_AN_INSTANT,
  details: z.strictObject({ contents: z.enum(DIAPER_CONTENTS), color: z.enum(STOOL_COLORS).nullable() }),
  sealed: [],
  events: { logged: 'DiaperChanged' },
  request: {
    occurredAt: z.string({ error: 'Date and time is required' }).min(1, 'Date and time is required').pipe(isoInstant('Date and time')),
    contents: z.enum(DIAPER_CONTENTS, { error: 'Contents must be wet, dirty, both or dry' }),
    color: z.enum(STOOL_COLORS, { error: 'Color must be yellow, green, brown, black, red or white' }).nullable().optional(),
  },
  check(body, now) {
    const { occurredAt, notes, ...details } = checkDiaper(body, now);
    return { startedAt: occurredAt, endedAt: occurredAt, notes, details };
  },
  line: diaperLine,
  // The guidance depends on the child's age on the day, so it is worked out when read.
  view: { shape: { guidance: diaperGuidanceSchema.nullable() }, of: ({ color }, { startedAt }, { child }) => ({ guidance: diaperGuidance({ occurredAt: startedAt, color }, child) }) },
  daily: ({ id, startedAt, details }) => ({ diaper: timedDiaper({ id, occurredAt: startedAt, contents: details.contents }) }),
  parts: { contents: 'contents', color: 'color' },
  research: {
    columns: z.strictObject({
      contents: z.enum(DIAPER_CONTENTS),
      color: z
        .enum(['yellow', 'green', 'brown', 'black'])
        .nullable()
        .describe('The stool colour; null when none was picked and for the colours the app flags as warning signs (red, white, black from day 4).'),
    }),
    fields: ({ contents, color }, { ageDays }) => ({ contents, color: researchStoolColor(color, ageDays) }),
  },
});
