import { DomainRuleError } from '../shared/domain-event';
import type { GrowthDetails } from './growth.events';

/** Limits wide enough for any child from birth to five years, narrow enough to catch a slip (grams for kilograms). */
export const GROWTH_LIMITS = {
  weightKg: { min: 0.3, max: 40, message: 'Weight must be between 0.3 and 40 kg' },
  lengthCm: { min: 20, max: 130, message: 'Length must be between 20 and 130 cm' },
  headCm: { min: 15, max: 60, message: 'Head circumference must be between 15 and 60 cm' },
} as const;

/**
 * A measurement's rules: at least one measure, each within its limits, and a date between the
 * birth date and today in the child's zone (local dates compare as strings).
 */
export function checkGrowth(input: GrowthDetails, child: { birthDate: string; today: string }): GrowthDetails {
  const measures = { weightKg: input.weightKg, lengthCm: input.lengthCm, headCm: input.headCm };
  if (Object.values(measures).every((value) => value === null)) throw new DomainRuleError('Enter at least one measurement: weight, length or head circumference');
  for (const [field, value] of Object.entries(measures) as [keyof typeof GROWTH_LIMITS, number | null][]) {
    const limit = GROWTH_LIMITS[field];
    if (value !== null && (value < limit.min || value > limit.max)) throw new DomainRuleError(limit.message, field);
  }
  if (input.measuredOn > child.today) throw new DomainRuleError('Measurement date cannot be in the future', 'measuredOn');
  if (child.birthDate && input.measuredOn < child.birthDate) throw new DomainRuleError('Measurement date cannot be before the birth date', 'measuredOn');
  return input;
}
