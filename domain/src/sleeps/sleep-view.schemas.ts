import { z } from 'zod';
import { entryViewCommon, instant } from '../read-models/timeline/entry-view.schemas';
import { named, viewSchema, written } from '../shared/view-schema';
import type { SleepView } from './sleep-timeline';

export const sleepViewSchema = viewSchema<SleepView>()(
  named(
    z.strictObject({
      ...entryViewCommon,
      startedAt: instant,
      endedAt: instant,
      environment: z.strictObject({ roomTemp: z.number().nullable(), whiteNoise: z.boolean(), sleepSackTag: z.string().nullable() }).nullable(),
    }),
    'Sleep',
  ),
);

export const writtenSleepSchema = written(sleepViewSchema);
