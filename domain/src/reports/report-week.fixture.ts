import type { DiaperInput, FeedingInput, SleepInput } from '../insights/insight-inputs';
import { addDays, instantOfLocal, type LocalDate } from '../time/zoned-time';

/**
 * A week of a 13-week-old, logged as a parent would, local wall-clock times in `zone`: the first
 * day of the week is given, so one week serves a fixed date (unit and API tests) and the week
 * before today (the browser test). Day 3 has nothing logged at all; the other days differ, so every
 * mean, minimum and maximum of the report can be computed by hand (see report.unit.spec.ts).
 *
 * Nights start on their date's evening and end the next morning by 06:45, before the first feed at
 * 07:00; naps sit between feeds. Durations are whole minutes, so a night across a change of clocks
 * keeps its length.
 */

const MINUTE_MS = 60_000;
const FEED_MINUTES = 15;

/** Feeding starts, in order: a day with n feeds uses the first n. */
const FEED_TIMES = ['07:00', '09:00', '12:00', '14:00', '16:00', '17:15', '18:15'];
/** Nap starts, in order. */
const NAP_TIMES = ['09:30', '14:20', '16:20'];
/** Diaper change times, in order. */
const CHANGE_TIMES = ['06:55', '08:55', '11:55', '13:55', '15:55', '17:10', '18:10', '18:35'];

/** Per day of the week: bottle amounts in oz, null for a nursing feed (no amount). */
export const WEEK_FEEDS: readonly (readonly (number | null)[])[] = [
  [4, 3.5, null, 4, 4.5], // 5 feeds, 16 oz
  [3, 3, 3, 3, 3, 3], // 6 feeds, 18 oz
  [4, null, 4, null], // 4 feeds, 8 oz
  [], // nothing logged
  [3, 3, 3, 3, 3, 3, 4], // 7 feeds, 22 oz
  [4, 4, 4, 4, 4], // 5 feeds, 20 oz
  [3.5, 3.5, null, 3.5, 3.5], // 5 feeds, 14 oz
];

/** Per day: nap lengths in minutes. */
export const WEEK_NAPS: readonly (readonly number[])[] = [
  [75, 75], // 150
  [90, 90], // 180
  [60, 60, 40], // 160
  [],
  [90, 60], // 150
  [75, 75, 30], // 180
  [60, 60], // 120
];

/** Per day: the night of that date, two sleeps split by a waking: [day offset, local start, minutes]. */
export const WEEK_NIGHTS: readonly (readonly [number, string, number][])[] = [
  [[0, '19:30', 420], [1, '03:00', 210]], // 630, longest 420
  [[1, '19:00', 360], [2, '01:30', 270]], // 630, longest 360
  [[2, '20:00', 450], [3, '04:00', 150]], // 600, longest 450
  [],
  [[4, '19:15', 490], [5, '03:55', 170]], // 660, longest 490: the week's longest stretch
  [[5, '19:30', 360], [6, '02:00', 240]], // 600, longest 360
  [[6, '19:45', 420], [7, '03:15', 210]], // 630, longest 420
];

/** Per day: what each change held. */
export const WEEK_CHANGES: readonly (readonly DiaperInput['contents'][])[] = [
  ['wet', 'wet', 'wet', 'wet', 'both', 'dirty'], // wet 5, dirty 2
  ['wet', 'wet', 'wet', 'wet', 'wet', 'both'], // wet 6, dirty 1
  ['wet', 'wet', 'wet', 'both', 'dirty', 'dirty'], // wet 4, dirty 3
  [],
  ['wet', 'wet', 'wet', 'wet', 'wet', 'wet', 'both', 'dirty'], // wet 7, dirty 2
  ['wet', 'wet', 'wet', 'wet', 'wet', 'wet', 'dry'], // wet 6, dirty 0
  ['wet', 'wet', 'wet', 'wet', 'both', 'dirty'], // wet 5, dirty 2
];

export interface ReportWeek {
  dates: LocalDate[];
  feedings: FeedingInput[];
  sleeps: SleepInput[];
  diapers: DiaperInput[];
}

const later = (start: Date, minutes: number): string => new Date(start.getTime() + minutes * MINUTE_MS).toISOString();

/** The week starting on `firstDate`, in `zone`. */
export function reportWeek(firstDate: LocalDate, zone: string): ReportWeek {
  const dates = WEEK_FEEDS.map((_, day) => addDays(firstDate, day));
  const at = (date: LocalDate, time: string) => instantOfLocal(date, time, zone);
  const feedings = dates.flatMap((date, day) =>
    WEEK_FEEDS[day]!.map((amountOz, i): FeedingInput => {
      const start = at(date, FEED_TIMES[i]!);
      const id = `${date}-feed-${i}`;
      return amountOz === null
        ? { id, startedAt: start.toISOString(), endedAt: later(start, FEED_MINUTES), method: 'Nursing' }
        : { id, startedAt: start.toISOString(), endedAt: later(start, FEED_MINUTES), amountOz, method: 'Bottle' };
    }),
  );
  const naps = dates.flatMap((date, day) =>
    WEEK_NAPS[day]!.map((minutes, i): SleepInput => {
      const start = at(date, NAP_TIMES[i]!);
      return { id: `${date}-nap-${i}`, startedAt: start.toISOString(), endedAt: later(start, minutes) };
    }),
  );
  const nights = WEEK_NIGHTS.flatMap((night, day) =>
    night.map(([offset, time, minutes], i): SleepInput => {
      const start = at(addDays(firstDate, offset), time);
      return { id: `${dates[day]}-night-${i}`, startedAt: start.toISOString(), endedAt: later(start, minutes) };
    }),
  );
  const diapers = dates.flatMap((date, day) =>
    WEEK_CHANGES[day]!.map((contents, i): DiaperInput => ({ id: `${date}-change-${i}`, occurredAt: at(date, CHANGE_TIMES[i]!).toISOString(), contents })),
  );
  return { dates, feedings, sleeps: [...naps, ...nights], diapers };
}
