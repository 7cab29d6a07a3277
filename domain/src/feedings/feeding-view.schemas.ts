import { z } from 'zod';
import { enteredAmountSchema, entryViewCommon, instant } from '../read-models/timeline/entry-view.schemas';
import { named, viewSchema, written } from '../shared/view-schema';
import type { NursingSides } from './feeding.events';
import type { FeedingView } from './feeding-timeline';

export const nursingSidesSchema = viewSchema<NursingSides>()(
  named(z.strictObject({ leftMinutes: z.number().int(), rightMinutes: z.number().int() }), 'NursingSides', "A nursing feeding's whole minutes on each breast, adding up to its minutes."),
);

export const feedingViewSchema = viewSchema<FeedingView>()(
  named(
    z.strictObject({
      ...entryViewCommon,
      startedAt: instant,
      endedAt: instant,
      amountOz: z.number().nullable(),
      amountMl: z.number().nullable().describe('One decimal.'),
      enteredAmount: enteredAmountSchema.nullable(),
      method: z.enum(['Bottle', 'Nursing']).nullable(),
      type: z.enum(['Breast Milk', 'Formula']).nullable(),
      sides: nursingSidesSchema.nullable(),
    }),
    'Feeding',
  ),
);

export const writtenFeedingSchema = written(feedingViewSchema);
