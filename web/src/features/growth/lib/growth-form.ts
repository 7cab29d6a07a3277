import { GROWTH_LIMITS, growthProblem, NO_MEASUREMENT } from '@nightlight/domain/growth/growth-rules';
import { fromMetric, type GrowthMeasureField as GrowthField } from '@nightlight/domain/units/growth-units';
import type { GrowthMeasurement, GrowthUnits } from '../../../types/api.ts';
import type { RecordGrowthInput } from '../api/record-growth.ts';

export type { GrowthField };

/** Each field's label, input step and body name in each system; the limits and messages are the server's (domain growth-rules.ts). */
export const GROWTH_FIELDS = {
  metric: {
    weight: { label: 'Weight (kg)', step: 0.001, send: 'weightKg', ...GROWTH_LIMITS.metric.weight },
    length: { label: 'Length (cm)', step: 0.1, send: 'lengthCm', ...GROWTH_LIMITS.metric.length },
    head: { label: 'Head circumference (cm)', step: 0.1, send: 'headCm', ...GROWTH_LIMITS.metric.head },
  },
  imperial: {
    weight: { label: 'Weight (lb)', step: 0.01, send: 'weightLb', ...GROWTH_LIMITS.imperial.weight },
    length: { label: 'Length (in)', step: 0.1, send: 'lengthIn', ...GROWTH_LIMITS.imperial.length },
    head: { label: 'Head circumference (in)', step: 0.1, send: 'headIn', ...GROWTH_LIMITS.imperial.head },
  },
} as const satisfies Record<GrowthUnits, Record<GrowthField, { label: string; min: number; max: number; step: number; send: keyof RecordGrowthInput }>>;

export const FIELDS: readonly GrowthField[] = ['weight', 'length', 'head'];

export type GrowthFormValues = { measuredOn: string } & Record<GrowthField, string>;
export type GrowthFormErrors = Partial<Record<'measuredOn' | GrowthField | 'form', string>>;

export const emptyGrowthForm = (today: string): GrowthFormValues => ({ measuredOn: today, weight: '', length: '', head: '' });

/** The form filled in with a measurement, each measure in the reader's system as the table shows it. */
export function growthFormOf(measurement: GrowthMeasurement, units: GrowthUnits): GrowthFormValues {
  const metric = { weight: measurement.weightKg, length: measurement.lengthCm, head: measurement.headCm };
  const text = (field: GrowthField) => (metric[field] === null ? '' : String(fromMetric(field, metric[field], units)));
  return { measuredOn: measurement.measuredOn, weight: text('weight'), length: text('length'), head: text('head') };
}

export function validateGrowthForm(values: GrowthFormValues, today: string, units: GrowthUnits): GrowthFormErrors {
  const errors: GrowthFormErrors = {};
  if (!values.measuredOn) errors.measuredOn = 'Measurement date is required';
  else if (values.measuredOn > today) errors.measuredOn = 'Measurement date cannot be in the future';
  if (FIELDS.every((field) => values[field].trim() === '')) errors.form = NO_MEASUREMENT;
  for (const field of FIELDS) {
    const text = values[field].trim();
    const problem = text === '' ? undefined : growthProblem(field, Number(text), units);
    if (problem) errors[field] = problem;
  }
  return errors;
}

/** The measures in the system they were entered in: the server keeps them in metric and knows how they came. */
export function toRecordGrowthInput(childId: string, values: GrowthFormValues, units: GrowthUnits): RecordGrowthInput {
  const input: RecordGrowthInput = { childId, measuredOn: values.measuredOn };
  for (const field of FIELDS) {
    if (values[field].trim() !== '') input[GROWTH_FIELDS[units][field].send] = Number(values[field]);
  }
  return input;
}
