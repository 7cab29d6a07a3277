import { DomainRuleError } from '../shared/domain-event';
import { GROWTH_UNIT_NAMES, toMetric, type GrowthMeasureField } from '../units/growth-units';
import type { GrowthUnits } from '../units/units';
import type { GrowthDetails } from './growth.events';

/**
 * Limits wide enough for any child from birth to five years, narrow enough to catch a slip (grams
 * for kilograms), in each system: 0.3 to 40 kg is about 0.7 to 88 lb.
 */
export const GROWTH_LIMITS = {
  metric: { weight: { min: 0.3, max: 40 }, length: { min: 20, max: 130 }, head: { min: 15, max: 60 } },
  imperial: { weight: { min: 0.7, max: 88 }, length: { min: 8, max: 51 }, head: { min: 6, max: 24 } },
} as const satisfies Record<GrowthUnits, Record<GrowthMeasureField, { min: number; max: number }>>;

export const NO_MEASUREMENT = 'Enter at least one measurement: weight, length or head circumference';

const LABELS = { weight: 'Weight', length: 'Length', head: 'Head circumference' } as const satisfies Record<GrowthMeasureField, string>;

/** The message a measure earns in its system ('Weight must be between 0.3 and 40 kg'), or undefined when it is fine. */
export function growthProblem(field: GrowthMeasureField, value: number, units: GrowthUnits): string | undefined {
  const { min, max } = GROWTH_LIMITS[units][field];
  return Number.isFinite(value) && value >= min && value <= max ? undefined : `${LABELS[field]} must be between ${min} and ${max} ${GROWTH_UNIT_NAMES[units][field]}`;
}

export interface GrowthEntry {
  measuredOn: string;
  /** The measures as entered, in `units`. */
  values: Record<GrowthMeasureField, number | null>;
  units: GrowthUnits;
}

/**
 * A measurement's rules: at least one measure, each within its limits in the system it was entered
 * in, and a date between the birth date and today in the child's zone (local dates compare as
 * strings). Gives the measurement in metric, as events keep it.
 */
export function checkGrowth({ measuredOn, values, units }: GrowthEntry, child: { birthDate: string; today: string }): GrowthDetails {
  if (Object.values(values).every((value) => value === null)) throw new DomainRuleError(NO_MEASUREMENT);
  for (const field of Object.keys(values) as GrowthMeasureField[]) {
    const value = values[field];
    const problem = value === null ? undefined : growthProblem(field, value, units);
    if (problem) throw new DomainRuleError(problem, field);
  }
  if (measuredOn > child.today) throw new DomainRuleError('Measurement date cannot be in the future', 'measuredOn');
  if (child.birthDate && measuredOn < child.birthDate) throw new DomainRuleError('Measurement date cannot be before the birth date', 'measuredOn');
  const metric = (field: GrowthMeasureField) => (values[field] === null ? null : toMetric(field, values[field], units));
  return { measuredOn, weightKg: metric('weight'), lengthCm: metric('length'), headCm: metric('head'), enteredIn: units };
}
