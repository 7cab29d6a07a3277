import { GROWTH_UNIT_NAMES } from '@nightlight/domain/units/growth-units';
import type { GrowthMeasurement, GrowthUnits } from '../../../types/api.ts';
import { type MessageKey } from '../../../lib/i18n/i18n-store.ts';

export type Measure = 'weight' | 'length' | 'head';

/** What each chartable measure reads from a measurement (kg or cm) and the key of its name. */
export const MEASURES = {
  weight: { label: 'growth.weight', valueOf: (m: GrowthMeasurement) => m.weightKg },
  length: { label: 'growth.length', valueOf: (m: GrowthMeasurement) => m.lengthCm },
  head: { label: 'growth.head', valueOf: (m: GrowthMeasurement) => m.headCm },
} satisfies Record<Measure, { label: MessageKey; valueOf: (m: GrowthMeasurement) => number | null }>;

/** The unit a measure is read in, in a system: 'kg', 'lb', 'cm', 'in'. */
export const unitOf = (measure: Measure, units: GrowthUnits): string => GROWTH_UNIT_NAMES[units][measure];
