import type { GrowthCurves, GrowthMeasurement } from '../../../types/api.ts';

export type Measure = 'weight' | 'length' | 'head';

/** What each chartable measure reads from a measurement and the curves, and how it is labelled. */
export const MEASURES = {
  weight: { label: 'Weight', unit: 'kg', valueOf: (m: GrowthMeasurement) => m.weightKg },
  length: { label: 'Length', unit: 'cm', valueOf: (m: GrowthMeasurement) => m.lengthCm },
  head: { label: 'Head', unit: 'cm', valueOf: (m: GrowthMeasurement) => m.headCm },
} satisfies Record<Measure, { label: string; unit: string; valueOf: (m: GrowthMeasurement) => number | null }>;

export const curvesOf = (curves: GrowthCurves, measure: Measure) => curves[measure];
