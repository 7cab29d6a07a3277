import { describe, expect, it } from 'vitest';
import { describeTrend, trendOf } from './trend.ts';

describe('trendOf', () => {
  it('compares today with the mean of the earlier days that have a value', () => {
    expect(trendOf(12, [10, null, 10])).toEqual({ direction: 'up', percent: 20, days: 2 });
    expect(trendOf(6, [8, 8, 8])).toEqual({ direction: 'down', percent: -25, days: 3 });
  });

  it('calls a change under 5 % flat', () => {
    expect(trendOf(10.4, [10])).toEqual({ direction: 'flat', percent: 4, days: 1 });
  });

  it('has no trend without history or without a value today', () => {
    expect(trendOf(5, [])).toBeNull();
    expect(trendOf(5, [null, null])).toBeNull();
    expect(trendOf(null, [5])).toBeNull();
  });

  it('gives no percentage against a zero baseline', () => {
    expect(trendOf(3, [0, 0])).toEqual({ direction: 'up', percent: null, days: 2 });
    expect(trendOf(0, [0])).toEqual({ direction: 'flat', percent: null, days: 1 });
  });
});

describe('describeTrend', () => {
  it.each([
    [{ direction: 'up', percent: 20, days: 7 } as const, '↑ 20% vs 7-day avg by now'],
    [{ direction: 'down', percent: -8, days: 3 } as const, '↓ 8% vs 3-day avg by now'],
    [{ direction: 'flat', percent: 2, days: 7 } as const, '→ same as 7-day avg by now'],
    [{ direction: 'up', percent: null, days: 2 } as const, '↑ vs 2-day avg by now'],
  ])('%o reads %s', (trend, text) => {
    expect(describeTrend(trend)).toBe(text);
  });
});
