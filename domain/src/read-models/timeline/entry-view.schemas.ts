import { z } from 'zod';
import type { DiaperGuidance } from '../../diapers/diaper-rules';
import type { NursingSides } from '../../feedings/feeding.events';
import type { TimelineEntryView } from '../../timeline/timeline-entry';
import type { EnteredAmount } from '../../units/volume';
import { named, viewSchema, written } from '../../shared/view-schema';
import type { LoggedBy } from '../children/membership-document';
import { loggedBySchema } from '../children/child-view.schemas';
import type { DiaperView, FeedingView, PumpingView, SleepView } from './timeline-document';

const instant = z.string().describe('ISO 8601 UTC');
const volumeUnit = z.enum(['mL', 'oz']);

export const enteredAmountSchema = viewSchema<EnteredAmount>()(
  named(z.strictObject({ value: z.number(), unit: volumeUnit }), 'EnteredAmount', 'An amount as the parent entered it, in its unit.'),
);

export const nursingSidesSchema = viewSchema<NursingSides>()(
  named(z.strictObject({ leftMinutes: z.number().int(), rightMinutes: z.number().int() }), 'NursingSides', "A nursing feeding's whole minutes on each breast, adding up to its minutes."),
);

export const timelineEntrySchema = viewSchema<TimelineEntryView & { loggedBy: LoggedBy }>()(
  named(
    z.strictObject({
      id: z.string(),
      datetime: z.string().describe("'YYYY-MM-DDTHH:MM' in the child's zone"),
      type: z.enum(['Feeding', 'Sleep', 'Diaper', 'Pumping']),
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

const common = { id: z.string(), childId: z.string(), notes: z.string(), loggedBy: loggedBySchema, entry: timelineEntrySchema };

export const feedingViewSchema = viewSchema<FeedingView>()(
  named(
    z.strictObject({
      ...common,
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

export const sleepViewSchema = viewSchema<SleepView>()(
  named(
    z.strictObject({
      ...common,
      startedAt: instant,
      endedAt: instant,
      environment: z.strictObject({ roomTemp: z.number().nullable(), whiteNoise: z.boolean(), sleepSackTag: z.string().nullable() }).nullable(),
    }),
    'Sleep',
  ),
);

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
      ...common,
      occurredAt: instant,
      contents: z.enum(['wet', 'dirty', 'both', 'dry']).nullable(),
      color: z.enum(['yellow', 'green', 'brown', 'black', 'red', 'white']).nullable(),
      guidance: diaperGuidanceSchema.nullable(),
    }),
    'Diaper',
  ),
);

export const pumpingViewSchema = viewSchema<PumpingView>()(
  named(
    z.strictObject({
      ...common,
      startedAt: instant,
      durationMinutes: z.number().int().nullable(),
      leftAmount: z.number().nullable(),
      rightAmount: z.number().nullable(),
      unit: volumeUnit,
    }),
    'Pumping',
  ),
);

export const writtenFeedingSchema = written(feedingViewSchema);
export const writtenSleepSchema = written(sleepViewSchema);
export const writtenDiaperSchema = written(diaperViewSchema);
export const writtenPumpingSchema = written(pumpingViewSchema);
