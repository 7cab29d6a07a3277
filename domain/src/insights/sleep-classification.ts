import { addDays, localDateOf, localTimeOf, type Instant, type LocalDate } from '../time/zoned-time';
import type { ChildSchedule } from './insight-inputs';

/** A sleep's start and end: ISO strings, or instants already read. */
export interface SleepSpan {
  startedAt: Instant;
  endedAt: Instant;
}

/**
 * Night sleep starts at or after the night window's start, or ends before its end (the two hints
 * of the Settings screen); every other session is a nap. 'HH:MM' strings compare as times.
 */
export function isNightSleep(sleep: SleepSpan, schedule: ChildSchedule): boolean {
  return (
    localTimeOf(sleep.startedAt, schedule.timezone) >= schedule.nightWindowStart ||
    localTimeOf(sleep.endedAt, schedule.timezone) < schedule.nightWindowEnd
  );
}

/**
 * The date whose night a night sleep belongs to: the night of D runs into D+1's morning, so a
 * session starting after midnight but before the window ends belongs to the previous date.
 */
export function nightOf(sleep: SleepSpan, schedule: ChildSchedule): LocalDate {
  const startDate = localDateOf(sleep.startedAt, schedule.timezone);
  return localTimeOf(sleep.startedAt, schedule.timezone) < schedule.nightWindowEnd ? addDays(startDate, -1) : startDate;
}

/** A nap belongs to its local start date. */
export function napDate(sleep: Pick<SleepSpan, 'startedAt'>, schedule: ChildSchedule): LocalDate {
  return localDateOf(sleep.startedAt, schedule.timezone);
}
