import { describe, expect, it } from 'vitest';
import {
  addDays,
  datesInRange,
  daysBetween,
  instantMs,
  instantOfLocal,
  isLocalDate,
  isoOfMs,
  isLocalTime,
  isValidTimeZone,
  localDateOf,
  localDateTimeOf,
  localMinuteOfDay,
  localTimeOf,
  startOfLocalDate,
  weekdayOf,
} from './zoned-time';

const NEW_YORK = 'America/New_York';
const HOUR_MS = 3_600_000;

describe('reading an instant in a zone', () => {
  it('gives the local date and time on either side of UTC midnight', () => {
    expect(localDateOf('2026-06-03T03:30:00Z', NEW_YORK)).toBe('2026-06-02');
    expect(localTimeOf('2026-06-03T03:30:00Z', NEW_YORK)).toBe('23:30');
    expect(localDateTimeOf('2026-06-03T04:05:00Z', NEW_YORK)).toBe('2026-06-03T00:05');
    expect(localMinuteOfDay('2026-06-03T04:05:00Z', NEW_YORK)).toBe(5);
    expect(localDateOf('2026-06-03T03:30:00Z', 'Asia/Kolkata')).toBe('2026-06-03');
    expect(localTimeOf('2026-06-03T03:30:00Z', 'Asia/Kolkata')).toBe('09:00');
  });

  it('reads both 01:30s of the New York fall-back night, an hour apart', () => {
    expect(localDateTimeOf('2026-11-01T05:30:00Z', NEW_YORK)).toBe('2026-11-01T01:30');
    expect(localDateTimeOf('2026-11-01T06:30:00Z', NEW_YORK)).toBe('2026-11-01T01:30');
  });
});

describe('years far back', () => {
  it('reads years 0 to 99 as themselves, not 1900 years later, in UTC and in a zone', () => {
    expect(localDateTimeOf('0001-01-01T10:00:00.000Z', 'UTC')).toBe('0001-01-01T10:00');
    expect(localDateTimeOf('0099-12-31T23:59:00.000Z', 'UTC')).toBe('0099-12-31T23:59');
    expect(localDateTimeOf('0000-06-01T00:00:00.000Z', 'UTC')).toBe('0000-06-01T00:00');
    // New York kept its local mean time, 4 h 56 min 2 s behind UTC, until 1883.
    expect(localDateTimeOf('0050-03-01T12:00:00.000Z', 'America/New_York')).toBe('0050-03-01T07:03');
    expect(localDateTimeOf('1899-12-31T12:00:00.000Z', 'America/New_York')).toBe('1899-12-31T07:00');
  });

  it('finds the instant of a local time in those years', () => {
    expect(instantOfLocal('0001-01-01', '10:00', 'UTC').toISOString()).toBe('0001-01-01T10:00:00.000Z');
    expect(startOfLocalDate('0050-03-01', 'America/New_York').toISOString()).toBe('0050-03-01T04:56:02.000Z');
  });
});

describe('instantOfLocal', () => {
  it('uses the summer offset in summer and the winter one in winter', () => {
    expect(instantOfLocal('2026-06-03', '19:30', NEW_YORK).toISOString()).toBe('2026-06-03T23:30:00.000Z');
    expect(instantOfLocal('2026-01-15', '19:30', NEW_YORK).toISOString()).toBe('2026-01-16T00:30:00.000Z');
  });

  it('moves a time in the spring-forward gap forward by the gap: 02:30 is 03:30 EDT', () => {
    expect(instantOfLocal('2026-03-08', '02:30', NEW_YORK).toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(instantOfLocal('2026-03-08', '03:00', NEW_YORK).toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(instantOfLocal('2026-03-08', '01:59', NEW_YORK).toISOString()).toBe('2026-03-08T06:59:00.000Z');
  });

  it('picks the earlier instant of a fall-back overlap, west and east of Greenwich', () => {
    expect(instantOfLocal('2026-11-01', '01:30', NEW_YORK).toISOString()).toBe('2026-11-01T05:30:00.000Z');
    // Berlin falls back from 03:00 CEST to 02:00 CET on 2026-10-25: 02:30 CEST is 00:30Z.
    expect(instantOfLocal('2026-10-25', '02:30', 'Europe/Berlin').toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });
});

describe('local days around daylight saving time in New York', () => {
  it('makes 2026-03-08 a 23-hour day and 2026-11-01 a 25-hour day', () => {
    const length = (date: string) =>
      (startOfLocalDate(addDays(date, 1), NEW_YORK).getTime() - startOfLocalDate(date, NEW_YORK).getTime()) / HOUR_MS;
    expect(length('2026-03-08')).toBe(23);
    expect(length('2026-11-01')).toBe(25);
    expect(length('2026-06-03')).toBe(24);
  });

  it('starts each day at its own midnight', () => {
    expect(startOfLocalDate('2026-03-08', NEW_YORK).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfLocalDate('2026-03-09', NEW_YORK).toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(startOfLocalDate('2026-11-02', NEW_YORK).toISOString()).toBe('2026-11-02T05:00:00.000Z');
  });

  it('starts a day whose midnight is skipped at the first instant that exists (Santiago, 01:00)', () => {
    expect(startOfLocalDate('2026-09-06', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(localDateTimeOf(startOfLocalDate('2026-09-06', 'America/Santiago'), 'America/Santiago')).toBe('2026-09-06T01:00');
  });
});

describe('calendar arithmetic on local dates', () => {
  it('adds days across month, year and leap-day ends', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2026-03-07', 2)).toBe('2026-03-09');
  });

  it('counts days between dates, across a DST change too', () => {
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2);
    expect(daysBetween('2026-03-09', '2026-03-07')).toBe(-2);
    expect(daysBetween('2026-01-01', '2027-01-01')).toBe(365);
  });

  it('names weekdays with 0 for Sunday', () => {
    expect(weekdayOf('2026-06-01')).toBe(1);
    expect(weekdayOf('2026-06-07')).toBe(0);
    expect(weekdayOf('2026-11-01')).toBe(0);
  });

  it('lists a range inclusive of both ends, and nothing when it is reversed', () => {
    expect(datesInRange('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(datesInRange('2026-03-02', '2026-03-01')).toEqual([]);
  });
});

describe('validation', () => {
  it('accepts real local dates and times only', () => {
    expect(isLocalDate('2028-02-29')).toBe(true);
    expect(isLocalDate('2026-02-29')).toBe(false);
    expect(isLocalDate('2026-6-1')).toBe(false);
    expect(isLocalTime('23:59')).toBe(true);
    expect(isLocalTime('24:00')).toBe(false);
    expect(isLocalTime('7:00')).toBe(false);
  });

  it('knows IANA zones', () => {
    expect(isValidTimeZone('America/Anchorage')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});

describe('instantMs', () => {
  it('reads the canonical UTC form to the millisecond, as Date.parse does', () => {
    for (const iso of ['1970-01-01T00:00:00.000Z', '2024-02-29T23:59:59.999Z', '2026-11-22T03:04:05.678Z', '1969-12-31T23:59:59.999Z', '2000-03-01T00:00:00.000Z', '2100-02-28T12:00:00.000Z']) {
      expect(instantMs(iso)).toBe(Date.parse(iso));
    }
  });

  it('reads other ISO forms through Date.parse', () => {
    expect(instantMs('2026-11-22T03:04:05+01:00')).toBe(Date.parse('2026-11-22T02:04:05Z'));
    expect(instantMs('2026-11-22T03:04:05Z')).toBe(Date.parse('2026-11-22T03:04:05Z'));
  });

  it('judges out-of-range fields exactly as Date.parse does', () => {
    for (const iso of ['2026-02-30T10:00:00.000Z', '2026-13-01T10:00:00.000Z', '2026-11-22T24:00:00.000Z', '2026-11-22T10:60:00.000Z', '2026-1x-22T10:00:00.000Z']) {
      expect(instantMs(iso)).toStrictEqual(Date.parse(iso));
    }
  });
});

describe('date arithmetic on unusual input', () => {
  it('adds days to the last days of months and to a leap day as the calendar does', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2028-02-29', 365)).toBe('2029-02-28');
    expect(addDays('2026-12-31', -365)).toBe('2025-12-31');
    expect(daysBetween('1999-12-31', '2000-03-01')).toBe(61);
  });

  it('reads nothing into text that is not a date', () => {
    expect(() => addDays('2026-0:-15', 1)).toThrow(RangeError);
    expect(daysBetween('2026-1x-01', '2026-11-01')).toBeNaN();
  });
});

describe('isoOfMs', () => {
  it('writes an instant as toISOString does, at the edges of days, leap years, centuries and the four-digit years', () => {
    const instants = [
      0,
      -1,
      Date.parse('2024-02-29T23:59:59.999Z'),
      Date.parse('2026-03-08T07:00:00.000Z'),
      Date.parse('1900-03-01T00:00:00.001Z'),
      Date.parse('2000-02-29T12:34:56.789Z'),
      Date.parse('0001-01-01T00:00:00.000Z'),
      -62_167_219_200_000,
      253_402_300_799_999,
    ];
    for (const ms of instants) expect(isoOfMs(ms)).toBe(new Date(ms).toISOString());
    expect(isoOfMs(Date.parse('2000-02-29T12:34:56.789Z'))).toBe('2000-02-29T12:34:56.789Z');
    // Outside the four-digit years, and a fraction of a millisecond: as Date writes them.
    expect(isoOfMs(253_402_300_800_000)).toBe('+010000-01-01T00:00:00.000Z');
    expect(isoOfMs(-62_167_219_200_001)).toBe('-000001-12-31T23:59:59.999Z');
    expect(isoOfMs(1.5)).toBe('1970-01-01T00:00:00.001Z');
  });

  it('agrees with toISOString every 7 minutes of a leap year and at random instants of 1,000 years', () => {
    const instants: number[] = [];
    for (let ms = Date.parse('2028-01-01T00:00:00Z'); ms < Date.parse('2029-01-01T00:00:00Z'); ms += 7 * 60_000 + 7) instants.push(ms);
    let seed = 42;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let index = 0; index < 10_000; index++) instants.push(Math.floor(Date.parse('1500-01-01T00:00:00Z') + next() * 1000 * 365.25 * 86_400_000));
    expect(instants.map(isoOfMs)).toEqual(instants.map((ms) => new Date(ms).toISOString()));
  });
});
