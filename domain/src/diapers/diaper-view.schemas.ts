import { z } from 'zod';
import { entryViewCommon, instant } from '../read-models/timeline/entry-view.schemas';
import { named, viewSchema, written } from '../shared/view-schema';
import type { DiaperGuidance } from './diaper-rules';
import type { DiaperView } from './diaper-timeline';

export const diaperGuidanceSchema = viewSchema<DiaperGuidance>()(
  named(
    z.strictObject({ message: z.literal('Talk to your pediatrician'), reason: z.string(), source: z.strictObject({ title: z.string(), url: z.string() }) }),
    'DiaperGuidance',
    "Computed when read, from the child's age on the date of the change.",
  ),
);

export const diaperViewSchema = viewSchema<DiaperView>()(
  named(
    z.strictObject({
      ...entryViewCommon,
      occurredAt: instant,
      contents: z.enum(['wet', 'dirty', 'both', 'dry']).nullable(),
      color: z.enum(['yellow', 'green', 'brown', 'black', 'red', 'white']).nullable(),
      guidance: diaperGuidanceSchema.nullable(),
    }),
    'Diaper',
  ),
);

export const writtenDiaperSchema = written(diaperViewSchema);
