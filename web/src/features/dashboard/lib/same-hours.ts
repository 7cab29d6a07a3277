import { addDays, localDateOf, startOfLocalDate, type LocalDate } from '@nightlight/domain/time/zoned-time';

/** A feeding or a sleep as the lists give it: when it started and ended, and a bottle's ounces. */
export type TimedEntry = { startedAt: string; endedAt: string; amountOz?: number | null };

/** What today's cards compare: feeds, ounces and minutes of sleep from midnight to a time of day. */
export type SoFar = { feeds: number; oz: number; sleepMins: number };

const MINUTE_MS = 60_000;

/**
 * Feeds, ounces and sleep of `date` from its midnight until as long after it as `now` is after
 * today's, in `timeZone`: today so far, or an earlier day by the same hour. A feed counts on the
 * date it started; sleep counts for the minutes it overlaps the window (a night that ends in the
 * morning counts from midnight).
 */
export function soFar(date: LocalDate, today: LocalDate, now: Date, timeZone: string, feedings: readonly TimedEntry[], sleeps: readonly TimedEntry[]): SoFar {
  const sinceMidnight = now.getTime() - startOfLocalDate(today, timeZone).getTime();
  const from = startOfLocalDate(date, timeZone).getTime();
  const to = from + sinceMidnight;
  const fed = feedings.filter((feeding) => {
    const start = Date.parse(feeding.startedAt);
    return start >= from && start <= to;
  });
  let sleepMs = 0;
  for (const sleep of sleeps) sleepMs += Math.max(0, Math.min(Date.parse(sleep.endedAt), to) - Math.max(Date.parse(sleep.startedAt), from));
  return { feeds: fed.length, oz: fed.reduce((sum, feeding) => sum + (feeding.amountOz ?? 0), 0), sleepMins: Math.round(sleepMs / MINUTE_MS) };
}

/**
 * Today so far, and each of the `days` days before it by the same hour, for the days on which a
 * feeding or a sleep was logged at all: a day not tracked would compare as a day without feeds.
 */
export function sameHours(now: Date, timeZone: string, days: number, feedings: readonly TimedEntry[], sleeps: readonly TimedEntry[]): { today: SoFar; earlier: SoFar[] } {
  const today = localDateOf(now, timeZone);
  const tracked = new Set([...feedings, ...sleeps].map((entry) => localDateOf(Date.parse(entry.startedAt), timeZone)));
  const earlier: SoFar[] = [];
  for (let back = 1; back <= days; back += 1) {
    const date = addDays(today, -back);
    if (tracked.has(date)) earlier.push(soFar(date, today, now, timeZone, feedings, sleeps));
  }
  return { today: soFar(today, today, now, timeZone, feedings, sleeps), earlier };
}
