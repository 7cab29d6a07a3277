import { describe, expect, it } from 'vitest';
import { makeDay } from '../../../testing/tracking-fixtures.ts';
import { weeklySeries } from './insights-format.ts';

describe('weeklySeries', () => {
  it('leaves a day with nothing logged a gap in both charts, and a day with only sleep at 0 oz', () => {
    const days = [
      makeDay('2025-06-12', { feedCount: 4, totalOz24h: 16, totalNightMins: 600, longestNightStretchMins: 420 }),
      makeDay('2025-06-13'),
      makeDay('2025-06-14', { totalDayMins: 90 }),
    ];
    expect(weeklySeries(days, 'oz')).toEqual({ amount: [16, null, 0], longestNightStretch: [7, null, null] });
    expect(weeklySeries(days, 'mL').amount).toEqual([473, null, 0]);
  });
});
