import { describe, expect, it } from 'vitest';
import { hoursOneDecimal, humanDuration, ouncesOneDecimal } from './human-forms';

describe('human forms', () => {
  it('writes durations as hours and minutes, minutes only under an hour', () => {
    expect(humanDuration(125)).toBe('2h 5m');
    expect(humanDuration(60)).toBe('1h 0m');
    expect(humanDuration(59)).toBe('59m');
    expect(humanDuration(45)).toBe('45m');
    expect(humanDuration(0)).toBe('0m');
    expect(humanDuration(1500)).toBe('25h 0m');
  });

  it('writes hours and ounces with one decimal, a half rounding up', () => {
    expect(hoursOneDecimal(90)).toBe('1.5');
    expect(hoursOneDecimal(400)).toBe('6.7');
    expect(hoursOneDecimal(0)).toBe('0.0');
    expect(ouncesOneDecimal(12.5)).toBe('12.5');
    expect(ouncesOneDecimal(13.25)).toBe('13.3');
    expect(ouncesOneDecimal(12)).toBe('12.0');
  });
});
