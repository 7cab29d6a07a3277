import type { Sex } from '../../children/child.events';
import type { GrowthDetails } from '../../growth/growth.events';
import { whoPercentile } from '../../growth/who-percentiles';
import { daysBetween } from '../../time/zoned-time';
import { fromMetric, GROWTH_UNIT_NAMES, type GrowthMeasureField } from '../../units/growth-units';
import type { GrowthUnits } from '../../units/units';

export const GROWTH_COLLECTION = 'growth';

/** One check-up's measurements of a child. Numbers only: nothing here is free text. */
export interface GrowthDocument extends GrowthDetails {
  _id: string;
  childId: string;
  ownerId: string;
  position: number;
  [key: string]: unknown;
}

type ByMeasure<T> = { weight: T; length: T; head: T };

/** The API's Measurement. */
export interface MeasurementView {
  id: string;
  childId: string;
  measuredOn: string;
  ageDays: number;
  weightKg: number | null;
  lengthCm: number | null;
  headCm: number | null;
  display: ByMeasure<string | null>;
  percentiles: ByMeasure<number | null>;
}

/**
 * A measurement as the API answers with it: the child's age in days on that date and the WHO
 * percentile of each measure for the child's sex, computed when read, so a corrected birth date or
 * sex corrects them. An 'Unknown' sex, an age past five years or a missing measure has none.
 * `display` writes each measure in the reader's system ('7.93 kg', '17.49 lb'), or as entered
 * for a reader who has not chosen.
 */
export function growthApiView(doc: GrowthDocument, child: { birthDate: string; sex: Sex }, units: GrowthUnits | null): MeasurementView {
  const ageDays = daysBetween(child.birthDate, doc.measuredOn);
  const system = units ?? doc.enteredIn ?? 'metric';
  const display = (field: GrowthMeasureField, metric: number | null) => (metric === null ? null : `${fromMetric(field, metric, system)} ${GROWTH_UNIT_NAMES[system][field]}`);
  return {
    id: doc._id,
    childId: doc.childId,
    measuredOn: doc.measuredOn,
    ageDays,
    weightKg: doc.weightKg,
    lengthCm: doc.lengthCm,
    headCm: doc.headCm,
    display: { weight: display('weight', doc.weightKg), length: display('length', doc.lengthCm), head: display('head', doc.headCm) },
    percentiles: {
      weight: whoPercentile('weight', child.sex, ageDays, doc.weightKg),
      length: whoPercentile('length', child.sex, ageDays, doc.lengthCm),
      head: whoPercentile('head', child.sex, ageDays, doc.headCm),
    },
  };
}
