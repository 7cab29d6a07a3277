import { GROWTH_LIMITS } from '@nightlight/domain/growth/growth-rules';
import { fromMetric, GROWTH_UNIT_NAMES, type GrowthMeasureField as GrowthField } from '@nightlight/domain/units/growth-units';
import type { GrowthMeasurement, GrowthUnits } from '../../../types/api.ts';
import type { RecordGrowthInput } from '../api/record-growth.ts';
import { formatFigure, t, type MessageKey } from '../../../lib/i18n/i18n-store.ts';

export type { GrowthField };

/** Each field's input step and body name in each system; the limits are the server's (domain growth-rules.ts). */
export const GROWTH_FIELDS = {
  metric: {
    weight: { step: 0.001, send: 'weightKg', ...GROWTH_LIMITS.metric.weight },
    length: { step: 0.1, send: 'lengthCm', ...GROWTH_LIMITS.metric.length },
    head: { step: 0.1, send: 'headCm', ...GROWTH_LIMITS.metric.head },
  },
  imperial: {
    weight: { step: 0.01, send: 'weightLb', ...GROWTH_LIMITS.imperial.weight },
    length: { step: 0.1, send: 'lengthIn', ...GROWTH_LIMITS.imperial.length },
    head: { step: 0.1, send: 'headIn', ...GROWTH_LIMITS.imperial.head },
  },
} as const satisfies Record<GrowthUnits, Record<GrowthField, { min: number; max: number; step: number; send: keyof RecordGrowthInput }>>;

export const FIELDS: readonly GrowthField[] = ['weight', 'length', 'head'];

const FIELD_NAMES: Record<GrowthField, MessageKey> = { weight: 'growth.weight', length: 'growth.length', head: 'growth.headCircumference' };

/** 'Weight (kg)', 'Head circumference (in)'. */
export const growthFieldLabel = (field: GrowthField, units: GrowthUnits): string => t('growth.fieldLabel', { name: t(FIELD_NAMES[field]), unit: GROWTH_UNIT_NAMES[units][field] });

/** A measure outside the server's limits, said as the server says it: 'Weight must be between 0.3 and 40 kg'. */
function growthProblem(field: GrowthField, value: number, units: GrowthUnits): string | undefined {
  const { min, max } = GROWTH_LIMITS[units][field];
  if (Number.isFinite(value) && value >= min && value <= max) return undefined;
  return t('growth.outOfRange', { name: t(FIELD_NAMES[field]), min: formatFigure(min, String(min).split('.')[1]?.length ?? 0), max: formatFigure(max), unit: GROWTH_UNIT_NAMES[units][field] });
}

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
  if (!values.measuredOn) errors.measuredOn = t('growth.dateRequired');
  else if (values.measuredOn > today) errors.measuredOn = t('growth.dateFuture');
  if (FIELDS.every((field) => values[field].trim() === '')) errors.form = t('growth.noMeasurement');
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
