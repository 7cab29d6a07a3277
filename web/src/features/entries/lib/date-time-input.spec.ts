import { describe, expect, it } from 'vitest';
import { parseDateTimeInputValue, toDateTimeInputValue } from './date-time-input.ts';

describe('a datetime-local value', () => {
  it('in years 0 to 99 names that year, not one 1900 years later, and shows again as it was typed', () => {
    for (const value of ['0001-01-01T10:00', '0099-12-31T23:59', '2026-03-01T08:30']) {
      const instant = parseDateTimeInputValue(value);
      expect(instant?.getFullYear(), value).toBe(Number(value.slice(0, 4)));
      expect(toDateTimeInputValue(instant!)).toBe(value);
    }
  });

});
