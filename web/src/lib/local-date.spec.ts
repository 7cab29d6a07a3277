import { describe, expect, it } from 'vitest';
import { daysBetween, formatLocalDate, toLocalDateString, todayIn } from './local-date.ts';

describe('local dates far back', () => {
  it('counts days in years 0 to 99 as those years, not 1900 years later', () => {
    expect(daysBetween('0001-01-01', '0001-01-02')).toBe(1);
    expect(daysBetween('0099-12-31', '0100-01-01')).toBe(1);
    expect(daysBetween('0001-01-01', '2001-01-01')).toBe(730_485);
  });

  it('shows such a date in its own year', () => {
    const options = { year: 'numeric', month: 'long', day: 'numeric' } as const;
    expect(formatLocalDate('0050-03-01', options)).toBe(new Date('0050-03-01T00:00:00Z').toLocaleDateString(undefined, { ...options, timeZone: 'UTC' }));
    expect(formatLocalDate('0050-03-01', options)).not.toBe(formatLocalDate('1950-03-01', options));
  });

  it('writes a year in four digits', () => {
    const yearOne = new Date(2000, 0, 1, 12);
    yearOne.setFullYear(1, 2, 4);
    expect(toLocalDateString(yearOne)).toBe('0001-03-04');
    expect(todayIn('UTC', new Date('0001-03-04T12:00:00Z'))).toBe('0001-03-04');
    expect(todayIn('Asia/Tokyo', new Date('2026-03-04T20:00:00Z'))).toBe('2026-03-05');
  });
});
