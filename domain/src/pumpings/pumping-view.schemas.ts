import { z } from 'zod';
import { entryViewCommon, instant, volumeUnit } from '../read-models/timeline/entry-view.schemas';
import { named, viewSchema, written } from '../shared/view-schema';
import type { PumpingView } from './pumping-timeline';

export const pumpingViewSchema = viewSchema<PumpingView>()(
  named(
    z.strictObject({
      ...entryViewCommon,
      startedAt: instant,
      durationMinutes: z.number().int().nullable(),
      leftAmount: z.number().nullable(),
      rightAmount: z.number().nullable(),
      unit: volumeUnit,
    }),
    'Pumping',
  ),
);

export const writtenPumpingSchema = written(pumpingViewSchema);
