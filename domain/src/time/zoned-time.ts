/**
 * Calendar arithmetic in a child's IANA time zone, with Intl only (no clock, no library).
 * Local dates are 'YYYY-MM-DD', local times 'HH:MM'.
 */

export type LocalDate = string;
export type LocalTime = string;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      // Year 0 is 1 BC to Intl: the era tells the two apart.
      era: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClockFromIntl(instant: Date, timeZone: string): WallClock {
  const parts = formatterFor(timeZone).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === type)?.value);
  const beforeCommonEra = parts.find((p) => p.type === 'era')?.value === 'BC';
  const year = beforeCommonEra ? 1 - get('year') : get('year');
  return { year, month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/**
 * The slow part of zone arithmetic is Intl. A zone's offset is looked up once per UTC day: when the
 * offset at the start and at the end of the day agree, the day has no transition (no zone changes
 * twice in a day and back) and that offset holds all day. On a transition day the offset is looked
 * up per quarter-hour, since zones change offset only on quarter-hour instants.
 */
const DAY_MS = 86_400_000;
const QUARTER_HOUR_MS = 15 * 60_000;
const MAX_CACHED_DAYS = 100_000;
const dayOffsets = new Map<string, Map<number, number | Map<number, number>>>();

function intlOffset(instantMs: number, timeZone: string): number {
  const w = wallClockFromIntl(new Date(instantMs), timeZone);
  // Not Date.UTC: it reads years 0 to 99 as 1900 to 1999, which put 0001-01-01 in 1901.
  return daysFromCivil(w.year, w.month, w.day) * DAY_MS + ((w.hour * 60 + w.minute) * 60 + w.second) * 1000 - instantMs;
}

function offsetAt(instantMs: number, timeZone: string): number {
  let days = dayOffsets.get(timeZone);
  if (!days) dayOffsets.set(timeZone, (days = new Map()));
  const day = Math.floor(instantMs / DAY_MS);
  let known = days.get(day);
  if (known === undefined) {
    const atStart = intlOffset(day * DAY_MS, timeZone);
    known = atStart === intlOffset((day + 1) * DAY_MS - QUARTER_HOUR_MS, timeZone) ? atStart : new Map<number, number>();
    if (days.size >= MAX_CACHED_DAYS) days.clear();
    days.set(day, known);
  }
  if (typeof known === 'number') return known;
  const quarter = Math.floor(instantMs / QUARTER_HOUR_MS);
  let offset = known.get(quarter);
  if (offset === undefined) known.set(quarter, (offset = intlOffset(quarter * QUARTER_HOUR_MS, timeZone)));
  return offset;
}

/** Days from 1970-01-01 to a proleptic Gregorian date (month 1-12), by whole-number arithmetic. */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  return era * 146_097 + yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear - 719_468;
}

/** The number written by the two digits at `at`, or -1 when either is not a digit. */
function twoDigits(text: string, at: number): number {
  const tens = text.charCodeAt(at) - 48;
  const ones = text.charCodeAt(at + 1) - 48;
  return tens >= 0 && tens <= 9 && ones >= 0 && ones <= 9 ? tens * 10 + ones : -1;
}

function isDigits(text: string, offsets: readonly number[]): boolean {
  for (const i of offsets) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

function digitsAt(text: string, from: number, count: number): number {
  let value = 0;
  for (let i = from; i < from + count; i++) value = value * 10 + text.charCodeAt(i) - 48;
  return value;
}

/**
 * Milliseconds since the epoch of an ISO instant. Insights compare thousands of instants per
 * rebuild and Date.parse is slow, so the canonical UTC form is read digit by digit; any other form
 * (an offset, no milliseconds) goes to Date.parse.
 */
export function instantMs(iso: string): number {
  if (iso.length !== 24 || iso.charCodeAt(23) !== 90 /* Z */ || iso.charCodeAt(10) !== 84 /* T */) return Date.parse(iso);
  const month = twoDigits(iso, 5);
  const day = twoDigits(iso, 8);
  const hour = twoDigits(iso, 11);
  const minute = twoDigits(iso, 14);
  const second = twoDigits(iso, 17);
  const centiseconds = twoDigits(iso, 20);
  const lastMs = iso.charCodeAt(22) - 48;
  const yearHigh = twoDigits(iso, 0);
  const yearLow = twoDigits(iso, 2);
  // Out-of-range or non-digit fields (-1) are for Date.parse to judge (it refuses them), never to roll over here.
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) return Date.parse(iso);
  if (centiseconds < 0 || lastMs < 0 || lastMs > 9 || yearHigh < 0 || yearLow < 0) return Date.parse(iso);
  const days = daysFromCivil(yearHigh * 100 + yearLow, month, day);
  return days * DAY_MS + ((hour * 60 + minute) * 60 + second) * 1000 + centiseconds * 10 + lastMs;
}

/** A moment: a Date, an ISO string, or milliseconds since the epoch. */
export type Instant = Date | string | number;

/** Milliseconds since the epoch of any Instant. */
export function epochMs(instant: Instant): number {
  if (typeof instant === 'number') return instant;
  return typeof instant === 'string' ? instantMs(instant) : instant.getTime();
}

/** The instant's wall clock in the zone, counted as if that wall clock were UTC. */
function localMs(instant: Instant, timeZone: string): number {
  const ms = epochMs(instant);
  return ms + offsetAt(ms, timeZone);
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

// A rebuild reads hundreds of thousands of local dates and times: each string is made once.
const MINUTES_PER_DAY = 24 * 60;
const MINUTE_MS = 60_000;
const TIMES_OF_DAY: readonly LocalTime[] = Array.from({ length: MINUTES_PER_DAY }, (_, minute) => `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`);
const datesByDayNumber = new Map<number, LocalDate>();

/** 'YYYY-MM-DD' of a count of days since 1970-01-01. */
function dateOfDayNumber(dayNumber: number): LocalDate {
  if (!Number.isFinite(dayNumber)) throw new RangeError('Invalid time value');
  let date = datesByDayNumber.get(dayNumber);
  if (date === undefined) {
    const d = new Date(dayNumber * DAY_MS);
    date = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
    if (datesByDayNumber.size >= MAX_CACHED_DAYS) datesByDayNumber.clear();
    datesByDayNumber.set(dayNumber, date);
  }
  return date;
}

const SECONDS_AND_POINT: readonly string[] = Array.from({ length: 60 }, (_, second) => `:${pad(second)}.`);
const MILLISECONDS_AND_Z: readonly string[] = Array.from({ length: 1000 }, (_, ms) => `${pad(ms, 3)}Z`);
/** The instants whose ISO form has a four-digit year: 0000-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z. */
const FOUR_DIGIT_YEARS = { from: -62_167_219_200_000, to: 253_402_300_799_999 };

/**
 * `new Date(ms).toISOString()`, the same text, about seven times as fast from the cached date and
 * time-of-day strings: an import formats two for each of hundreds of thousands of rows.
 */
export function isoOfMs(ms: number): string {
  if (!Number.isInteger(ms) || ms < FOUR_DIGIT_YEARS.from || ms > FOUR_DIGIT_YEARS.to) return new Date(ms).toISOString();
  const dayNumber = Math.floor(ms / DAY_MS);
  const inDay = ms - dayNumber * DAY_MS;
  const minute = Math.floor(inDay / MINUTE_MS);
  const inMinute = inDay - minute * MINUTE_MS;
  const second = Math.floor(inMinute / 1000);
  return `${dateOfDayNumber(dayNumber)}T${TIMES_OF_DAY[minute]!}${SECONDS_AND_POINT[second]!}${MILLISECONDS_AND_Z[inMinute - second * 1000]!}`;
}

/** Days since 1970-01-01 of a 'YYYY-MM-DD' date; NaN when it is not one. */
function dayNumberOf(date: LocalDate): number {
  const month = digitsAt(date, 5, 2);
  const day = digitsAt(date, 8, 2);
  // The common case by arithmetic; anything unusual (not digits, a 29th to 31st) is for Date.parse to judge.
  const plain = date.length === 10 && date.charCodeAt(4) === 45 && date.charCodeAt(7) === 45 && isDigits(date, [0, 1, 2, 3, 5, 6, 8, 9]);
  if (!plain || month < 1 || month > 12 || day < 1 || day > 28) return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
  return daysFromCivil(digitsAt(date, 0, 4), month, day);
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

export function localDateOf(instant: Instant, timeZone: string): LocalDate {
  return dateOfDayNumber(Math.floor(localMs(instant, timeZone) / DAY_MS));
}

export function localTimeOf(instant: Instant, timeZone: string): LocalTime {
  return TIMES_OF_DAY[localMinuteOfDay(instant, timeZone)]!;
}

/** 'YYYY-MM-DDTHH:MM', the timeline's minute-precision local datetime. */
export function localDateTimeOf(instant: Instant, timeZone: string): string {
  const local = localMs(instant, timeZone);
  const dayNumber = Math.floor(local / DAY_MS);
  return `${dateOfDayNumber(dayNumber)}T${TIMES_OF_DAY[Math.floor((local - dayNumber * DAY_MS) / MINUTE_MS)]!}`;
}

/** Minutes since local midnight of the instant's local date. */
export function localMinuteOfDay(instant: Instant, timeZone: string): number {
  const local = localMs(instant, timeZone);
  return Math.floor((local - Math.floor(local / DAY_MS) * DAY_MS) / MINUTE_MS);
}

/** Minutes the zone's clock is ahead of UTC at an instant (negative west of Greenwich). */
export function zoneOffsetMinutes(instant: Instant, timeZone: string): number {
  return Math.round((localMs(instant, timeZone) - epochMs(instant)) / MINUTE_MS);
}

/** Offset of the zone from UTC at an instant, in milliseconds (positive east of Greenwich), whole seconds. */
function offsetMs(instantMs: number, timeZone: string): number {
  return Math.floor(localMs(new Date(instantMs), timeZone) / 1000) * 1000 - Math.floor(instantMs / 1000) * 1000;
}

/**
 * The instant at which a local wall-clock time occurs. In a spring-forward gap the time does not
 * exist: it is read with the offset in force before the gap, so it lands as far past the gap as it
 * was into it (02:30 on a New York spring-forward day is 03:30 EDT). In a fall-back overlap the
 * earlier of the two instants is returned.
 */
export function instantOfLocal(date: LocalDate, time: LocalTime, timeZone: string): Date {
  const readings = instantsOfLocal(date, time, timeZone);
  return new Date(readings.length > 0 ? readings[0]! : gapReading(date, time, timeZone));
}

const wallAsUtcOf = (date: LocalDate, time: LocalTime): number => {
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return dayNumberOf(date) * DAY_MS + (hh * 60 + mm) * MINUTE_MS;
};

/**
 * Every instant at which a local wall-clock time occurs, earliest first: one, two in a fall-back
 * overlap (01:30 on a New York fall-back day is 05:30Z and 06:30Z), none in a spring-forward gap.
 */
export function instantsOfLocal(date: LocalDate, time: LocalTime, timeZone: string): number[] {
  const wallAsUtc = wallAsUtcOf(date, time);
  // The offsets a day either side bracket any transition near this wall time, so one of them is
  // the offset in force at the answer (a zone never changes offset twice within two days).
  const offsetBefore = offsetMs(wallAsUtc - DAY_MS, timeZone);
  const offsetAfter = offsetMs(wallAsUtc + DAY_MS, timeZone);
  const wanted = `${date}T${time}`;
  const candidates = offsetBefore === offsetAfter ? [wallAsUtc - offsetBefore] : [wallAsUtc - offsetBefore, wallAsUtc - offsetAfter].sort((a, b) => a - b);
  return candidates.filter((candidate) => localDateTimeOf(new Date(candidate), timeZone) === wanted);
}

/** A wall time in a spring-forward gap, read with the offset in force before the gap. */
const gapReading = (date: LocalDate, time: LocalTime, timeZone: string): number => {
  const wallAsUtc = wallAsUtcOf(date, time);
  return wallAsUtc - offsetMs(wallAsUtc - DAY_MS, timeZone);
};

const startsOfLocalDates = new Map<string, Map<LocalDate, number>>();

/** The instant the local date begins (its midnight, or the first instant after a gap). */
export function startOfLocalDate(date: LocalDate, timeZone: string): Date {
  let starts = startsOfLocalDates.get(timeZone);
  if (!starts) startsOfLocalDates.set(timeZone, (starts = new Map()));
  let start = starts.get(date);
  if (start === undefined) {
    start = instantOfLocal(date, '00:00', timeZone).getTime();
    if (starts.size >= MAX_CACHED_DAYS) starts.clear();
    starts.set(date, start);
  }
  return new Date(start);
}

export function addDays(date: LocalDate, days: number): LocalDate {
  return dateOfDayNumber(dayNumberOf(date) + days);
}

/** Whole days from a to b (b - a) between two local dates. */
export function daysBetween(a: LocalDate, b: LocalDate): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: LocalDate): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

export function isLocalDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

export function isLocalTime(value: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
}

/** Dates from `from` to `to`, both included, ascending. */
export function datesInRange(from: LocalDate, to: LocalDate): LocalDate[] {
  const dates: LocalDate[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
}
