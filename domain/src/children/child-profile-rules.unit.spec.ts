import { describe, expect, it } from 'vitest';
import { DomainRuleError } from '../shared/domain-event';
import { checkBirthDate, checkNightWindow, checkTimezone } from './child-profile-rules';

/** The refusal a parent would see: its message and the field it belongs to. */
function refusal(check: () => void): { message: string; path: string | undefined } | null {
  try {
    check();
    return null;
  } catch (error) {
    if (!(error instanceof DomainRuleError)) throw error;
    return { message: error.message, path: error.path };
  }
}

describe('birth date', () => {
  const today = '2026-11-22';

  it('accepts a baby born today', () => {
    expect(refusal(() => checkBirthDate('2026-11-22', today))).toBeNull();
  });

  it('refuses tomorrow', () => {
    expect(refusal(() => checkBirthDate('2026-11-23', today))).toEqual({ message: 'Birth date cannot be in the future', path: 'birthDate' });
  });

  it('accepts exactly 18 years back and refuses one day more', () => {
    expect(refusal(() => checkBirthDate('2008-11-22', today))).toBeNull();
    expect(refusal(() => checkBirthDate('2008-11-21', today))).toEqual({ message: 'Birth date seems too far in the past', path: 'birthDate' });
  });

  it('counts 18 years from a leap day to the same calendar string', () => {
    expect(refusal(() => checkBirthDate('2006-03-01', '2024-02-29'))).toBeNull();
    expect(refusal(() => checkBirthDate('2006-02-28', '2024-02-29'))).toEqual({ message: 'Birth date seems too far in the past', path: 'birthDate' });
  });

  it('requires a date', () => {
    expect(refusal(() => checkBirthDate('', today))).toEqual({ message: 'Birth date is required', path: 'birthDate' });
  });

  it.each(['22/11/2026', '2026-02-30', '2026-1-05', 'yesterday'])('refuses %s as not a date', (value) => {
    expect(refusal(() => checkBirthDate(value, today))).toEqual({ message: 'Birth date must be a date (YYYY-MM-DD)', path: 'birthDate' });
  });
});

describe('night window', () => {
  it('accepts HH:MM times, midnight and the last minute included', () => {
    expect(refusal(() => checkNightWindow('19:00', '08:00'))).toBeNull();
    expect(refusal(() => checkNightWindow('00:00', '23:59'))).toBeNull();
  });

  it.each(['24:00', '7:00', '19:60', '7pm', ''])('refuses start %j', (start) => {
    expect(refusal(() => checkNightWindow(start, '08:00'))).toEqual({ message: 'Night sleep start must be a time (HH:MM)', path: 'nightWindowStart' });
  });

  it('refuses an end that is not a time', () => {
    expect(refusal(() => checkNightWindow('19:00', '8'))).toEqual({ message: 'Night sleep end must be a time (HH:MM)', path: 'nightWindowEnd' });
  });
});

describe('time zone', () => {
  it.each(['America/New_York', 'Pacific/Honolulu', 'UTC'])('accepts %s', (zone) => {
    expect(refusal(() => checkTimezone(zone))).toBeNull();
  });

  it.each([
    ['america/new_york', 'America/New_York'],
    ['US/Eastern', 'America/New_York'],
    ['utc', 'UTC'],
    ['Etc/UTC', 'UTC'],
  ])('records %s by its canonical name %s', (zone, canonical) => {
    expect(checkTimezone(zone)).toBe(canonical);
  });

  it.each(['Mars/Olympus', 'EST', 'GMT', ''])('refuses %j', (zone) => {
    expect(refusal(() => checkTimezone(zone))).toEqual({ message: 'Timezone must be an IANA time zone name', path: 'timezone' });
  });
});
