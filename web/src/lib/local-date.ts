// Calendar dates as the API speaks them: 'YYYY-MM-DD' (en-CA) in the viewer's time zone.
import { formatLocale } from './i18n/i18n-store.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** 'YYYY-MM-DD' of `date` in the viewer's zone, the year in four digits (en-CA would write year 1 as '1'). */
export function toLocalDateString(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function todayLocalDate(): string {
  return toLocalDateString(new Date());
}

/** Today's date in an IANA zone, 'YYYY-MM-DD': a child's day, which may not be the viewer's. */
export function todayIn(timeZone: string, now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return `${pad(part('year'), 4)}-${pad(part('month'))}-${pad(part('day'))}`;
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

function toUtcDay(localDate: string): number {
  const [year = NaN, month = NaN, day = NaN] = localDate.split('-').map(Number);
  // setUTCFullYear, unlike Date.UTC, does not read years 0 to 99 as 1900 to 1999.
  return new Date(0).setUTCFullYear(year, month - 1, day);
}

/** Whole days from `from` to `to` (both 'YYYY-MM-DD'); NaN when either is not a date. */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtcDay(to) - toUtcDay(from)) / DAY_MS);
}

/** The calendar day `days` days after `localDate` (before, when negative). */
export function addDaysTo(localDate: string, days: number): string {
  return new Date(toUtcDay(localDate) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The same calendar day `years` years before `localDate`. */
export function yearsBefore(localDate: string, years: number): string {
  const [year = 0, month = '01', day = '01'] = localDate.split('-');
  return `${String(Number(year) - years).padStart(4, '0')}-${month}-${day}`;
}

/** 'YYYY-MM-DD' shown in the viewer's locale without shifting it through UTC midnight. */
export function formatLocalDate(localDate: string, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  const utc = toUtcDay(localDate);
  if (Number.isNaN(utc)) return localDate;
  return new Date(utc).toLocaleDateString(formatLocale(), { ...options, timeZone: 'UTC' });
}

/**
 * A wall-clock time ('HH:MM', already in the child's zone) in the reader's locale, e.g. '7:30 PM' or '19:30'.
 * Formatted as UTC so the viewer's own zone cannot shift it.
 */
export function formatWallClockTime(time: string): string {
  const [hours = NaN, minutes = NaN] = time.split(':').map(Number);
  if (Number.isNaN(hours) || Number.isNaN(minutes)) return time;
  return new Date(Date.UTC(2000, 0, 1, hours, minutes)).toLocaleTimeString(formatLocale(), {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  });
}

/** The date of an instant on the reader's clock, in their locale: '6/14/2026', '14.6.2026'. */
export const formatInstantDate = (instant: string): string => new Date(instant).toLocaleDateString(formatLocale());
