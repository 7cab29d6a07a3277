import { z } from 'zod';
import type { CurvePoint, GrowthCurvesView } from '../../growth/who-percentiles';
import { named, viewSchema, written } from '../../shared/view-schema';
import type { MeasurementView } from './growth-document';

const byMeasure = <T extends z.ZodType>(value: T) => z.strictObject({ weight: value, length: value, head: value });

export const measurementSchema = viewSchema<MeasurementView>()(
  named(
    z.strictObject({
      id: z.string(),
      childId: z.string(),
      measuredOn: z.string().describe("The child's local date, YYYY-MM-DD."),
      ageDays: z.number().int(),
      weightKg: z.number().nullable(),
      lengthCm: z.number().nullable(),
      headCm: z.number().nullable(),
      display: byMeasure(z.string().nullable()).describe("Each measure in the reader's system: '7.938 kg', '17.5 lb'."),
      percentiles: byMeasure(z.number().nullable()).describe('WHO Child Growth Standards percentile, 0–100 with one decimal, or null.'),
    }),
    'Measurement',
  ),
);

export const curvePointSchema = viewSchema<CurvePoint>()(
  named(z.strictObject({ month: z.number().int(), values: z.array(z.number()).describe('One per charted percentile.') }), 'CurvePoint'),
);

export const growthCurvesSchema = viewSchema<GrowthCurvesView>()(
  named(
    z.strictObject({
      sex: z.enum(['Female', 'Male', 'Unknown']),
      percentiles: z.array(z.number()),
      weight: z.array(curvePointSchema).describe('kg'),
      length: z.array(curvePointSchema).describe('cm'),
      head: z.array(curvePointSchema).describe('cm'),
    }),
    'GrowthCurves',
    "WHO curves month by month from birth to 60 months; empty for an 'Unknown' sex.",
  ),
);

export const writtenMeasurementSchema = written(measurementSchema);
