import { humanDuration } from '@nightlight/domain/insights/human-forms';
import { MINUTE_MS, parseDateTimeInputValue } from './date-time-input.ts';
import { t } from '../../../lib/i18n/i18n-store.ts';

// An entry that lasts can be entered by its two times or by its start and minutes: a night's sleep
// from 7:30 PM to 6:10 AM needs no arithmetic. The end is a time of day, at its first occurrence
// after the start, so across midnight it is the next day.

const pad = (value: number) => String(value).padStart(2, '0');

/** The end of a span starting at `start` (a datetime-local value) and lasting `minutes`, as 'HH:MM'. */
export function endTimeOf(start: string, minutes: number): string {
  const started = parseDateTimeInputValue(start);
  if (!started || !Number.isFinite(minutes)) return '';
  const ended = new Date(started.getTime() + minutes * MINUTE_MS);
  return `${pad(ended.getHours())}:${pad(ended.getMinutes())}`;
}

/** The end at `endTime` ('HH:MM') after `start`: the same day when later, else the next day. */
export function endOf(start: string, endTime: string): Date | null {
  const started = parseDateTimeInputValue(start);
  const match = /^(\d{2}):(\d{2})$/.exec(endTime);
  if (!started || !match) return null;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  const sameDay = new Date(started.getFullYear(), started.getMonth(), started.getDate(), hours, minutes);
  if (sameDay.getTime() > started.getTime()) return sameDay;
  return new Date(started.getFullYear(), started.getMonth(), started.getDate() + 1, hours, minutes);
}

/** Whole minutes from `start` to `endTime`, or null when either is not readable. */
export function minutesUntil(start: string, endTime: string): number | null {
  const started = parseDateTimeInputValue(start);
  const ended = endOf(start, endTime);
  return started && ended ? Math.round((ended.getTime() - started.getTime()) / MINUTE_MS) : null;
}

/** What a span's end field says about it: '10h 40m, ending the next day', '45m'. */
export function spanHint(start: string, endTime: string): string {
  const started = parseDateTimeInputValue(start);
  const ended = endOf(start, endTime);
  const minutes = minutesUntil(start, endTime);
  if (!started || !ended || minutes === null) return '';
  const nextDay = ended.getDate() !== started.getDate();
  return nextDay ? t('entry.endingNextDay', { duration: humanDuration(minutes) }) : humanDuration(minutes);
}

/** A span's three fields: the start, the end's time and the minutes; `anchor` is which of the last two the parent gave. */
export type SpanValues = { datetime: string; endTime: string; durationMins: string; anchor: 'end' | 'duration' };

/**
 * The span after a change to one of its fields, the other two kept in step: a new end gives the
 * minutes, new minutes give the end, and a new start keeps whichever of the two the parent gave.
 */
export function spanAfter(span: SpanValues, changes: Partial<Pick<SpanValues, 'datetime' | 'endTime' | 'durationMins'>>): SpanValues {
  const next = { ...span, ...changes };
  const minutesFromEnd = () => {
    const minutes = minutesUntil(next.datetime, next.endTime);
    return minutes === null ? next.durationMins : String(minutes);
  };
  const endFromMinutes = () => (next.durationMins.trim() === '' ? '' : endTimeOf(next.datetime, Number(next.durationMins)));
  if (changes.endTime !== undefined) return { ...next, anchor: 'end', durationMins: next.endTime ? minutesFromEnd() : next.durationMins };
  if (changes.durationMins !== undefined) return { ...next, anchor: 'duration', endTime: endFromMinutes() };
  if (changes.datetime !== undefined) return next.anchor === 'end' && next.endTime ? { ...next, durationMins: minutesFromEnd() } : { ...next, endTime: endFromMinutes() };
  return next;
}
