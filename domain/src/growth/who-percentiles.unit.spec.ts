import { describe, expect, it } from 'vitest';
import { CHART_PERCENTILES, lmsAt, normalCdf, valueAtZ, whoPercentile } from './who-percentiles';

describe('WHO percentiles', () => {
  it('puts a boy of 182 days weighing 7.934 kg at the 50th percentile (within 1)', () => {
    // 182 days is 5.98 months: M is read between 7.5105 (5 months) and 7.9340 (6 months), about 7.925 kg.
    const percentile = whoPercentile('weight', 'Male', 182, 7.934)!;
    expect(Math.abs(percentile - 50)).toBeLessThanOrEqual(1);
  });

  it('puts a girl of 365 days weighing 7.0 kg below the 3rd percentile (WHO gives 7.1 kg at 12 months)', () => {
    expect(whoPercentile('weight', 'Female', 365, 7.0)!).toBeLessThan(3);
  });

  // WHO's published P3, P50 and P97 (one decimal) at whole months, from the same tables' percentile columns.
  it.each([
    ['Male', 0, 46.3, 49.9, 53.4],
    ['Male', 6, 63.6, 67.6, 71.6],
    ['Male', 12, 71.3, 75.7, 80.2],
    ['Male', 24, 82.1, 87.8, 93.6],
    ['Female', 0, 45.6, 49.1, 52.7],
    ['Female', 6, 61.5, 65.7, 70.0],
    ['Female', 12, 69.2, 74.0, 78.9],
    ['Female', 24, 80.3, 86.4, 92.5],
  ] as const)('draws the length curves of a %s child at %i months where WHO publishes them', (sex, months, p3, p50, p97) => {
    const lms = lmsAt('length', sex, months * 30.4375)!;
    const [third, , median, , ninetySeventh] = CHART_PERCENTILES.map(({ z }) => Math.round(valueAtZ(lms, z) * 10) / 10);
    expect([third, median, ninetySeventh]).toEqual([p3, p50, p97]);
    // And a length on a curve is at that curve's percentile.
    expect(Math.abs(whoPercentile('length', sex, months * 30.4375, p50)! - 50)).toBeLessThan(2);
  });

  it.each([
    ['Male', 0, 2.5, 3.3, 4.3],
    ['Male', 12, 7.8, 9.6, 11.8],
    ['Female', 6, 5.8, 7.3, 9.2],
    ['Female', 24, 9.2, 11.5, 14.6],
  ] as const)('draws the weight curves of a %s child at %i months where WHO publishes them', (sex, months, p3, p50, p97) => {
    const lms = lmsAt('weight', sex, months * 30.4375)!;
    expect([0, 2, 4].map((index) => Math.round(valueAtZ(lms, CHART_PERCENTILES[index]!.z) * 10) / 10)).toEqual([p3, p50, p97]);
  });

  // Head circumference has L = 1, so a curve is M(1 + S·z): at birth, boys 34.4618 × (1 − 1.880794 × 0.03686) = 32.07.
  it.each([
    ['Male', 0, 32.1, 34.5, 36.9],
    ['Male', 6, 41.0, 43.3, 45.6],
    ['Male', 12, 43.6, 46.1, 48.5],
    ['Male', 24, 45.7, 48.3, 50.8],
    ['Female', 0, 31.7, 33.9, 36.1],
    ['Female', 6, 39.7, 42.2, 44.6],
    ['Female', 12, 42.3, 44.9, 47.5],
    ['Female', 24, 44.6, 47.2, 49.8],
  ] as const)('draws the head circumference curves of a %s child at %i months', (sex, months, p3, p50, p97) => {
    const lms = lmsAt('head', sex, months * 30.4375)!;
    expect([0, 2, 4].map((index) => Math.round(valueAtZ(lms, CHART_PERCENTILES[index]!.z) * 10) / 10)).toEqual([p3, p50, p97]);
  });

  it('has no percentile without a sex, past 60 months, or without a measurement', () => {
    expect(whoPercentile('weight', 'Unknown', 100, 6)).toBeNull();
    expect(whoPercentile('weight', 'Male', 61 * 30.4375, 20)).toBeNull();
    expect(whoPercentile('weight', 'Male', 100, null)).toBeNull();
  });

  it('reads length after 24 months as standing height, from the height table', () => {
    // The height table's median at 24 months is 0.7 cm below the length table's.
    expect(lmsAt('length', 'Male', 24 * 30.4375)![1]).toBeCloseTo(87.8161, 4);
    expect(lmsAt('length', 'Male', 25 * 30.4375)![1]).toBeCloseTo(87.972, 3);
  });

  it('computes the normal distribution to within 1e-7', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.880794)).toBeCloseTo(0.97, 6);
    expect(normalCdf(-1.036433)).toBeCloseTo(0.15, 6);
  });
});
