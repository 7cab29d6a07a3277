import { addDays, datesInRange, instantMs, localDateOf, localTimeOf, startOfLocalDate, type LocalDate } from '../time/zoned-time';
import { NAP_FEED_LOOKBACK_MINS } from './feed-bucket';
import { MINUTE_MS, type ChildSchedule } from './insight-inputs';

/** The longest sleep session a command accepts (seed: sleep duration 1 to 1440 min). */
export const MAX_SLEEP_MINS = 1440;

export interface EntriesWindow {
  /** Milliseconds since the epoch, included. */
  from: number;
  /** Milliseconds since the epoch, excluded. */
  to: number;
}

/**
 * The range of `startedAt` instants that holds every feeding and sleep computeDailyInsights reads
 * for `date`: back far enough for a sleep crossing into D's midnight and for a feeding bucketing an
 * early nap, forward to the end of D+1 for a night sleep that starts after midnight.
 */
export function entriesWindowFor(date: LocalDate, schedule: ChildSchedule): EntriesWindow {
  const lookbackMins = Math.max(MAX_SLEEP_MINS, NAP_FEED_LOOKBACK_MINS);
  return {
    from: startOfLocalDate(date, schedule.timezone).getTime() - lookbackMins * MINUTE_MS,
    to: startOfLocalDate(addDays(date, 2), schedule.timezone).getTime(),
  };
}

/**
 * Every local date whose document can change when this entry (a feeding or a sleep) is added,
 * changed or removed; a change needs the union of the old and the new entry's dates. It does not
 * ask which kind the entry is, so it may name a date too many, never one too few.
 */
export function datesAffectedBy(entry: { startedAt: string; endedAt?: string | null }, schedule: ChildSchedule): LocalDate[] {
  const zone = schedule.timezone;
  const start = instantMs(entry.startedAt);
  const startDate = localDateOf(start, zone);
  // Each calendar day a sleep touches gets its minutes.
  const dates = datesInRange(startDate, entry.endedAt ? localDateOf(entry.endedAt, zone) : startDate);
  // A night sleep starting after midnight belongs to the previous date's night.
  if (localTimeOf(start, zone) < schedule.nightWindowEnd) dates.unshift(addDays(startDate, -1));
  // A late feeding can bucket a nap that starts after the next midnight.
  const bucketed = localDateOf(start + NAP_FEED_LOOKBACK_MINS * MINUTE_MS, zone);
  if (!dates.includes(bucketed)) dates.push(bucketed);
  return dates;
}
