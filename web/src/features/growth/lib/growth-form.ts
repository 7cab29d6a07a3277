import type { RecordGrowthInput } from '../api/record-growth.ts';

/** The server's limits (domain growth-rules.ts), checked here first so a slip is caught at once. */
export const GROWTH_FIELDS = {
  weightKg: { label: 'Weight (kg)', min: 0.3, max: 40, step: 0.001, message: 'Weight must be between 0.3 and 40 kg' },
  lengthCm: { label: 'Length (cm)', min: 20, max: 130, step: 0.1, message: 'Length must be between 20 and 130 cm' },
  headCm: { label: 'Head circumference (cm)', min: 15, max: 60, step: 0.1, message: 'Head circumference must be between 15 and 60 cm' },
} as const;

export type GrowthField = keyof typeof GROWTH_FIELDS;
export type GrowthFormValues = { measuredOn: string } & Record<GrowthField, string>;
export type GrowthFormErrors = Partial<Record<'measuredOn' | GrowthField | 'form', string>>;

export const emptyGrowthForm = (today: string): GrowthFormValues => ({ measuredOn: today, weightKg: '', lengthCm: '', headCm: '' });

export function validateGrowthForm(values: GrowthFormValues, today: string): GrowthFormErrors {
  const errors: GrowthFormErrors = {};
  if (!values.measuredOn) errors.measuredOn = 'Measurement date is required';
  else if (values.measuredOn > today) errors.measuredOn = 'Measurement date cannot be in the future';
  const fields = Object.keys(GROWTH_FIELDS) as GrowthField[];
  if (fields.every((field) => values[field].trim() === '')) errors.form = 'Enter at least one measurement: weight, length or head circumference';
  for (const field of fields) {
    const text = values[field].trim();
    if (text === '') continue;
    const value = Number(text);
    const { min, max, message } = GROWTH_FIELDS[field];
    if (!Number.isFinite(value) || value < min || value > max) errors[field] = message;
  }
  return errors;
}

export function toRecordGrowthInput(childId: string, values: GrowthFormValues): RecordGrowthInput {
  const input: RecordGrowthInput = { childId, measuredOn: values.measuredOn };
  for (const field of Object.keys(GROWTH_FIELDS) as GrowthField[]) {
    if (values[field].trim() !== '') input[field] = Number(values[field]);
  }
  return input;
}
