import type { Sex } from '../../children/child.events';
import type { GrowthDetails } from '../../growth/growth.events';
import { whoPercentile } from '../../growth/who-percentiles';
import { daysBetween } from '../../time/zoned-time';

export const GROWTH_COLLECTION = 'growth';

/** One check-up's measurements of a child. Numbers only: nothing here is free text. */
export interface GrowthDocument extends GrowthDetails {
  _id: string;
  childId: string;
  ownerId: string;
  position: number;
  [key: string]: unknown;
}

/**
 * A measurement as the API answers with it: the child's age in days on that date and the WHO
 * percentile of each measure for the child's sex, computed when read, so a corrected birth date or
 * sex corrects them. An 'Unknown' sex, an age past five years or a missing measure has none.
 */
export function growthApiView(doc: GrowthDocument, child: { birthDate: string; sex: Sex }) {
  const ageDays = daysBetween(child.birthDate, doc.measuredOn);
  return {
    id: doc._id,
    childId: doc.childId,
    measuredOn: doc.measuredOn,
    ageDays,
    weightKg: doc.weightKg,
    lengthCm: doc.lengthCm,
    headCm: doc.headCm,
    percentiles: {
      weight: whoPercentile('weight', child.sex, ageDays, doc.weightKg),
      length: whoPercentile('length', child.sex, ageDays, doc.lengthCm),
      head: whoPercentile('head', child.sex, ageDays, doc.headCm),
    },
  };
}
