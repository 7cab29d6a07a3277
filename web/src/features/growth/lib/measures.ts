import type { GrowthMeasurement, GrowthUnits } from '../../../types/api.ts';

export type Measure = 'weight' | 'length' | 'head';

const KG_PER_LB = 0.45359237;
const CM_PER_IN = 2.54;

/** What each chartable measure reads from a measurement (kg or cm), its unit in each system, and how it is labelled. */
export const MEASURES = {
  weight: { label: 'Weight', units: { metric: 'kg', imperial: 'lb' }, perImperial: KG_PER_LB, valueOf: (m: GrowthMeasurement) => m.weightKg },
  length: { label: 'Length', units: { metric: 'cm', imperial: 'in' }, perImperial: CM_PER_IN, valueOf: (m: GrowthMeasurement) => m.lengthCm },
  head: { label: 'Head', units: { metric: 'cm', imperial: 'in' }, perImperial: CM_PER_IN, valueOf: (m: GrowthMeasurement) => m.headCm },
} satisfies Record<Measure, { label: string; units: Record<GrowthUnits, string>; perImperial: number; valueOf: (m: GrowthMeasurement) => number | null }>;

/** A metric value (kg, cm) in the reader's system, to two decimals. */
export function inSystem(measure: Measure, metric: number, units: GrowthUnits): number {
  return units === 'metric' ? metric : Math.round((metric / MEASURES[measure].perImperial) * 100) / 100;
}
