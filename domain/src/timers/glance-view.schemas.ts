import { z } from 'zod';
import { enteredAmountSchema } from '../read-models/timeline/entry-view.schemas';
import { named, viewSchema } from '../shared/view-schema';
import type { GlanceView } from './glance-view';
import type { NextNapEstimate, WakeWindowRow } from './wake-windows';

const instant = z.string().nullable();

export const wakeWindowSchema = viewSchema<WakeWindowRow>()(
  named(z.strictObject({ fromMonths: z.number().int(), label: z.string(), minMinutes: z.number().int(), maxMinutes: z.number().int() }), 'WakeWindow'),
);

export const nextNapSchema = viewSchema<NextNapEstimate>()(
  named(
    z.strictObject({ wokeAt: z.string(), from: z.string(), to: z.string(), wakeWindow: wakeWindowSchema, label: z.string() }),
    'NextNap',
    'When the next nap is likely due: an estimate from age-typical wake windows, not medical advice.',
  ),
);

export const glanceViewSchema = viewSchema<GlanceView>()(
  named(
    z.strictObject({
      lastFeedingEndedAt: instant,
      lastWokeAt: instant.describe('The end of the latest sleep.'),
      asleepSince: instant.describe('The start of the running sleep timer.'),
      lastBottle: z.strictObject({ amountOz: z.number(), enteredAmount: enteredAmountSchema, type: z.enum(['Breast Milk', 'Formula']).nullable() }).nullable(),
      nextNap: nextNapSchema.nullable(),
    }),
    'Glance',
  ),
);
