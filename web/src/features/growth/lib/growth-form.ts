import type { GrowthUnits } from '../../../types/api.ts';
import type { RecordGrowthInput } from '../api/record-growth.ts';

export type GrowthField = 'weight' | 'length' | 'head';

/** The server's limits in each system (domain growth-rules.ts), checked here first so a slip is caught at once. */
export const GROWTH_FIELDS = {
  metric: {
    weight: { label: 'Weight (kg)', unit: 'kg', min: 0.3, max: 40, step: 0.001, send: 'weightKg' },
    length: { label: 'Length (cm)', unit: 'cm', min: 20, max: 130, step: 0.1, send: 'lengthCm' },
    head: { label: 'Head circumference (cm)', unit: 'cm', min: 15, max: 60, step: 0.1, send: 'headCm' },
  },
  imperial: {
    weight: { label: 'Weight (lb)', unit: 'lb', min: 0.7, max: 88, step: 0.01, send: 'weightLb' },
    length: { label: 'Length (in)', unit: 'in', min: 8, max: 51, step: 0.1, send: 'lengthIn' },
    head: { label: 'Head circumference (in)', unit: 'in', min: 6, max: 24, step: 0.1, send: 'headIn' },
  },
} as const satisfies Record<GrowthUnits, Record<GrowthField, { label: string; unit: string; min: number; max: number; step: number; send: keyof RecordGrowthInput }>>;

const NAMES = { weight: 'Weight', length: 'Length', head: 'Head circumference' } satisfies Record<GrowthField, string>;
export const FIELDS: readonly GrowthField[] = ['weight', 'length', 'head'];

export type GrowthFormValues = { measuredOn: string } & Record<GrowthField, string>;
export type GrowthFormErrors = Partial<Record<'measuredOn' | GrowthField | 'form', string>>;

export const emptyGrowthForm = (today: string): GrowthFormValues => ({ measuredOn: today, weight: '', length: '', head: '' });

export function validateGrowthForm(values: GrowthFormValues, today: string, units: GrowthUnits): GrowthFormErrors {
  const errors: GrowthFormErrors = {};
  if (!values.measuredOn) errors.measuredOn = 'Measurement date is required';
  else if (values.measuredOn > today) errors.measuredOn = 'Measurement date cannot be in the future';
  if (FIELDS.every((field) => values[field].trim() === '')) errors.form = 'Enter at least one measurement: weight, length or head circumference';
  for (const field of FIELDS) {
    const text = values[field].trim();
    if (text === '') continue;
    const value = Number(text);
    const { min, max, unit } = GROWTH_FIELDS[units][field];
    if (!Number.isFinite(value) || value < min || value > max) errors[field] = `${NAMES[field]} must be between ${min} and ${max} ${unit}`;
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
