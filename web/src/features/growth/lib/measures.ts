import { GROWTH_UNIT_NAMES } from '@nightlight/domain/units/growth-units';
import type { GrowthMeasurement, GrowthUnits } from '../../../types/api.ts';

export type Measure = 'weight' | 'length' | 'head';

/** What each chartable measure reads from a measurement (kg or cm) and how it is labelled. */
export const MEASURES = {
  weight: { label: 'Weight', valueOf: (m: GrowthMeasurement) => m.weightKg },
  length: { label: 'Length', valueOf: (m: GrowthMeasurement) => m.lengthCm },
  head: { label: 'Head', valueOf: (m: GrowthMeasurement) => m.headCm },
} satisfies Record<Measure, { label: string; valueOf: (m: GrowthMeasurement) => number | null }>;

/** The unit a measure is read in, in a system: 'kg', 'lb', 'cm', 'in'. */
export const unitOf = (measure: Measure, units: GrowthUnits): string => GROWTH_UNIT_NAMES[units][measure];
