import { z } from 'zod';
import { ENTRY_TYPES } from '../../entries/entry-kinds';
import type { TimelineEntryView } from '../../timeline/timeline-entry';
import type { EnteredAmount } from '../../units/volume';
import { named, viewSchema } from '../../shared/view-schema';
import type { LoggedBy } from '../children/membership-document';
import { loggedBySchema } from '../children/child-view.schemas';

export const instant = z.string().describe('ISO 8601 UTC');
export const volumeUnit = z.enum(['mL', 'oz']);

export const enteredAmountSchema = viewSchema<EnteredAmount>()(
  named(z.strictObject({ value: z.number(), unit: volumeUnit }), 'EnteredAmount', 'An amount as the parent entered it, in its unit.'),
);

export const timelineEntrySchema = viewSchema<TimelineEntryView & { loggedBy: LoggedBy }>()(
  named(
    z.strictObject({
      id: z.string(),
      datetime: z.string().describe("'YYYY-MM-DDTHH:MM' in the child's zone"),
      type: z.enum(ENTRY_TYPES),
      icon: z.string(),
      amount: z.string().describe("'4 oz', '120 mL', 'L 19m · R 8m', 'Wet', 'Dirty · green' or '-', in the reader's unit"),
      duration: z.string().describe("'1h 5m', '15m'; '-' for a diaper change"),
      notes: z.string(),
      status: z.literal('completed'),
      loggedBy: loggedBySchema,
    }),
    'TimelineEntry',
    "The entry's line in the timeline.",
  ),
);

/** The fields every entry's answer has ahead of its kind's own. */
export const entryViewCommon = { id: z.string(), childId: z.string(), notes: z.string(), loggedBy: loggedBySchema, entry: timelineEntrySchema };
