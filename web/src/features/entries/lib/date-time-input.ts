import { t } from '../../../lib/i18n/i18n-store.ts';
// <input type="datetime-local"> speaks 'YYYY-MM-DDTHH:MM' in the viewer's own clock.

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The value a datetime-local input shows for `date`, to the minute (a year always in four digits). */
export function toDateTimeInputValue(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The instant a datetime-local value names, or null when it is not one. */
export function parseDateTimeInputValue(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day, hours, minutes] = match.slice(1).map(Number) as [number, number, number, number, number];
  // setFullYear, unlike the Date constructor, does not read years 0 to 99 as 1900 to 1999.
  const date = new Date(2000, 0, 1, hours, minutes);
  date.setFullYear(year, month - 1, day);
  return Number.isNaN(date.getTime()) ? null : date;
}

export const MINUTE_MS = 60 * 1000;

/** Checks shared by both dialogs: the start must be given and must not lie ahead. */
export function validateStartedAt(value: string, now: Date): string | undefined {
  if (!value) return t('entry.dateTimeRequired');
  const startedAt = parseDateTimeInputValue(value);
  if (!startedAt) return t('entry.dateTimeRequired');
  // The input is to the minute: the current minute itself is not the future.
  if (startedAt.getTime() > now.getTime()) return t('entry.futureDateTime');
  return undefined;
}
