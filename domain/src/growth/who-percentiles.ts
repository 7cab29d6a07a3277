import type { Sex } from '../children/child.events';
import { HEAD_FOR_AGE, HEIGHT_FOR_AGE, LENGTH_FOR_AGE, WEIGHT_FOR_AGE, type LmsRow, type LmsTable } from './who-lms-tables';

export type GrowthMeasure = 'weight' | 'length' | 'head';

/** WHO counts a month as 30.4375 days (365.25 / 12). */
export const DAYS_PER_MONTH = 30.4375;
/** The standards run from birth to 60 completed months. */
export const LAST_MONTH = 60;
/** Recumbent length up to 24 months; after that the table is standing height (0.7 cm shorter). */
const LAST_LENGTH_MONTH = 24;

/** The percentiles the growth chart draws, with their z-scores (the standard normal quantiles). */
export const CHART_PERCENTILES = [
  { percentile: 3, z: -1.880794 },
  { percentile: 15, z: -1.036433 },
  { percentile: 50, z: 0 },
  { percentile: 85, z: 1.036433 },
  { percentile: 97, z: 1.880794 },
] as const;

type Tables = Readonly<Record<'Male' | 'Female', LmsTable>>;
const TABLES: Record<GrowthMeasure, (months: number) => Tables> = {
  weight: () => WEIGHT_FOR_AGE,
  length: (months) => (months <= LAST_LENGTH_MONTH ? LENGTH_FOR_AGE : HEIGHT_FOR_AGE),
  head: () => HEAD_FOR_AGE,
};

/** The L, M and S of an age in days, read linearly between the two months around it; null outside 0 to 60 months. */
export function lmsAt(measure: GrowthMeasure, sex: Sex, ageDays: number): LmsRow | null {
  if (sex === 'Unknown' || ageDays < 0) return null;
  const months = ageDays / DAYS_PER_MONTH;
  if (months > LAST_MONTH) return null;
  const table = TABLES[measure](months)[sex];
  const position = Math.max(0, months - table.firstMonth);
  const below = Math.min(Math.floor(position), table.rows.length - 1);
  const above = Math.min(below + 1, table.rows.length - 1);
  const share = position - below;
  const [l0, m0, s0] = table.rows[below]!;
  const [l1, m1, s1] = table.rows[above]!;
  return [l0 + (l1 - l0) * share, m0 + (m1 - m0) * share, s0 + (s1 - s0) * share];
}

/** The measurement at z-score `z`: M(1 + L·S·z)^(1/L). */
export function valueAtZ([l, m, s]: LmsRow, z: number): number {
  return l === 0 ? m * Math.exp(s * z) : m * (1 + l * s * z) ** (1 / l);
}

/**
 * The z-score of a measurement. Beyond ±3 SD, WHO measures the distance in units of the gap
 * between its 2 SD and 3 SD curves instead, so a skewed tail does not stretch the score
 * (WHO 2006, "Computation of centiles and z-scores", restricted application of the LMS method).
 */
export function zScore(lms: LmsRow, value: number): number {
  const [l, m, s] = lms;
  const z = l === 0 ? Math.log(value / m) / s : ((value / m) ** l - 1) / (l * s);
  if (z > 3) {
    const sd3 = valueAtZ(lms, 3);
    return 3 + (value - sd3) / (sd3 - valueAtZ(lms, 2));
  }
  if (z < -3) {
    const sd3 = valueAtZ(lms, -3);
    return -3 + (value - sd3) / (valueAtZ(lms, -2) - sd3);
  }
  return z;
}

/** The standard normal distribution function (Abramowitz and Stegun 26.2.17, error below 7.5e-8). */
export function normalCdf(z: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(z));
  const density = Math.exp((-z * z) / 2) / Math.sqrt(2 * Math.PI);
  const tail = density * t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  return z >= 0 ? 1 - tail : tail;
}

/** The percentile (0 to 100, one decimal) of a measurement at an age in days; null without a sex, a table or a value. */
export function whoPercentile(measure: GrowthMeasure, sex: Sex, ageDays: number, value: number | null): number | null {
  if (value === null) return null;
  const lms = lmsAt(measure, sex, ageDays);
  if (!lms) return null;
  return Math.round(normalCdf(zScore(lms, value)) * 1000) / 10;
}

export interface CurvePoint {
  /** Age in whole months from birth. */
  month: number;
  /** The measurement at each charted percentile, one decimal: p3, p15, p50, p85, p97. */
  values: number[];
}

/** The charted percentile curves of a measure, month by month from birth to 60 months; none without a sex. */
export function percentileCurves(measure: GrowthMeasure, sex: Sex): CurvePoint[] {
  if (sex === 'Unknown') return [];
  return Array.from({ length: LAST_MONTH + 1 }, (_, month) => {
    const lms = lmsAt(measure, sex, month * DAYS_PER_MONTH)!;
    return { month, values: CHART_PERCENTILES.map(({ z }) => Math.round(valueAtZ(lms, z) * 10) / 10) };
  });
}

/** GET /api/children/{id}/growth/curves: the charted percentiles and each measure's curves for a sex. */
export interface GrowthCurvesView {
  sex: Sex;
  percentiles: number[];
  weight: CurvePoint[];
  length: CurvePoint[];
  head: CurvePoint[];
}

export function growthCurvesView(sex: Sex): GrowthCurvesView {
  return {
    sex,
    percentiles: CHART_PERCENTILES.map(({ percentile }) => percentile),
    weight: percentileCurves('weight', sex),
    length: percentileCurves('length', sex),
    head: percentileCurves('head', sex),
  };
}
