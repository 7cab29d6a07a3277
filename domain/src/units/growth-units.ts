import type { GrowthUnits } from './units';

export const KG_PER_LB = 0.45359237;
export const CM_PER_IN = 2.54;

export type GrowthMeasureField = 'weight' | 'length' | 'head';

/** Each measure's unit in each system. */
export const GROWTH_UNIT_NAMES = {
  metric: { weight: 'kg', length: 'cm', head: 'cm' },
  imperial: { weight: 'lb', length: 'in', head: 'in' },
} as const satisfies Record<GrowthUnits, Record<GrowthMeasureField, string>>;

/** A metric measurement in a system: the value itself, or pounds and inches to two decimals. */
export function fromMetric(field: GrowthMeasureField, metric: number, units: GrowthUnits): number {
  if (units === 'metric') return metric;
  return Math.round((field === 'weight' ? metric / KG_PER_LB : metric / CM_PER_IN) * 100) / 100;
}

/** A measurement entered in a system, in kilograms or centimetres (to the gram and the millimetre). */
export function toMetric(field: GrowthMeasureField, value: number, units: GrowthUnits): number {
  if (units === 'metric') return value;
  return field === 'weight' ? Math.round(value * KG_PER_LB * 1000) / 1000 : Math.round(value * CM_PER_IN * 10) / 10;
}
