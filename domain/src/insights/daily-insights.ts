import { addDays, localDateOf, localTimeOf, startOfLocalDate, type LocalDate, type LocalTime } from '../time/zoned-time';
import { feedBucketOf, NAP_FEED_LOOKBACK_MINS, type FeedBucket } from './feed-bucket';
import {
  addMinutes,
  byStart,
  wholeMinutesBetween,
  type ChildSchedule,
  type FeedingInput,
  type FeedingMethod,
  type SleepInput,
} from './insight-inputs';
import { isNightSleep, napDate, nightOf } from './sleep-classification';
import { mean, sum } from './sums';

/** A gap between feeding starts longer than this is a night without logging, not an interval. */
export const MAX_FEED_GAP_MINS = 12 * 60;

export interface LastFeed {
  timeISO: string;
  amountOz: number | null;
  method: FeedingMethod;
}

export interface NapRecord {
  mins: number;
  /** Bucket of the feeding that decided it (correlation 1), null when no feeding qualifies. */
  feedBucket: FeedBucket | null;
}

/**
 * Everything insights need about one child's local date D, kept per child and date by the
 * projector. Besides the numbers shown for D it holds partial sums (counts next to totals, first
 * and last feed) so range answers combine documents and never read raw entries. Absent values are
 * null rather than missing so a stored document has the same shape every time.
 */
export interface DailyInsightsDocument {
  date: LocalDate;
  feeding: {
    /** Feedings starting on D. */
    feedCount: number;
    /** Sum of their amounts; feedings without an amount add 0. */
    totalOz24h: number;
    /** How many of them have an amount, the divisor of a mean per feed. */
    amountCount: number;
    /** Mean gap between consecutive starts on D, whole minutes (Math.round); null under two feeds. */
    avgIntervalMins: number | null;
    /** Sum and count of those gaps that are at most MAX_FEED_GAP_MINS, for range means. */
    shortGapSumMins: number;
    shortGapCount: number;
    /** Start of D's first feeding, to measure the gap from the previous day's last one. */
    firstFeedAt: string | null;
    lastFeed: LastFeed | null;
  };
  sleep: {
    napCount: number;
    /** Sum of the nap durations of D. */
    totalDayMins: number;
    naps: NapRecord[];
    /** Night of D: from D's evening into D+1's morning. */
    totalNightMins: number;
    longestNightStretchMins: number | null;
    firstNightStretchMins: number | null;
    /** Local start time of the night's first sleep. */
    bedtime: LocalTime | null;
    /**
     * Wall-clock minutes from D's midnight to the bedtime, past 1440 when the night starts after
     * midnight, so bedtimes of different nights order from evening to morning.
     */
    bedtimeMinutesFromMidnight: number | null;
    /** Local start time of the latest feeding on D that starts before the night's first sleep. */
    lastFeedBeforeNight: LocalTime | null;
    /** Minutes of any sleep inside D's calendar day; sessions crossing midnight are split there. */
    calendarDaySleepMins: number;
  };
}

/**
 * The document of `date`. The inputs may hold entries of other dates: the ones that belong to
 * `date` are picked here (see entriesWindowFor for which entries must be given).
 */
export function computeDailyInsights(
  date: LocalDate,
  feedings: readonly FeedingInput[],
  sleeps: readonly SleepInput[],
  schedule: ChildSchedule,
): DailyInsightsDocument {
  const zone = schedule.timezone;
  const feedsOfDay = feedings.filter((f) => localDateOf(f.startedAt, zone) === date).sort(byStart);
  const nights = sleeps.filter((s) => isNightSleep(s, schedule) && nightOf(s, schedule) === date).sort(byStart);
  const naps = sleeps.filter((s) => !isNightSleep(s, schedule) && napDate(s, schedule) === date).sort(byStart);
  const firstNight = nights[0];
  return {
    date,
    feeding: feedingPart(feedsOfDay),
    sleep: {
      napCount: naps.length,
      totalDayMins: sum(naps.map(durationOf)),
      naps: naps.map((nap) => ({ mins: durationOf(nap), feedBucket: bucketOfNap(nap, feedings) })),
      totalNightMins: sum(nights.map(durationOf)),
      longestNightStretchMins: nights.length > 0 ? Math.max(...nights.map(durationOf)) : null,
      firstNightStretchMins: firstNight ? durationOf(firstNight) : null,
      bedtime: firstNight ? localTimeOf(firstNight.startedAt, zone) : null,
      bedtimeMinutesFromMidnight: firstNight ? wallMinutesFrom(date, firstNight.startedAt, zone) : null,
      lastFeedBeforeNight: firstNight ? lastFeedTimeBefore(firstNight, feedsOfDay, zone) : null,
      calendarDaySleepMins: calendarDayMinutes(date, sleeps, zone),
    },
  };
}

function feedingPart(feedsOfDay: readonly FeedingInput[]): DailyInsightsDocument['feeding'] {
  const withAmount = feedsOfDay.filter(hasAmount);
  const gaps = feedsOfDay.slice(1).map((feed, i) => wholeMinutesBetween(feedsOfDay[i]!.startedAt, feed.startedAt));
  const shortGaps = gaps.filter((gap) => gap <= MAX_FEED_GAP_MINS);
  const first = feedsOfDay[0];
  const last = feedsOfDay[feedsOfDay.length - 1];
  return {
    feedCount: feedsOfDay.length,
    totalOz24h: sum(withAmount.map((f) => f.amountOz)),
    amountCount: withAmount.length,
    avgIntervalMins: gaps.length > 0 ? Math.round(mean(gaps)) : null,
    shortGapSumMins: sum(shortGaps),
    shortGapCount: shortGaps.length,
    firstFeedAt: first ? first.startedAt : null,
    lastFeed: last ? { timeISO: last.startedAt, amountOz: last.amountOz ?? null, method: last.method } : null,
  };
}

/** Correlation 1: the feeding with an amount that started most recently within the lookback. */
function bucketOfNap(nap: SleepInput, feedings: readonly FeedingInput[]): FeedBucket | null {
  const napStart = Date.parse(nap.startedAt);
  const lookbackStart = addMinutes(nap.startedAt, -NAP_FEED_LOOKBACK_MINS).getTime();
  const candidates = feedings
    .filter(hasAmount)
    .filter((f) => Date.parse(f.startedAt) >= lookbackStart && Date.parse(f.startedAt) <= napStart)
    .sort(byStart);
  const decisive = candidates[candidates.length - 1];
  return decisive ? feedBucketOf(decisive.amountOz) : null;
}

/** Correlation 3: only feedings of D itself count, so `feedsOfDay` is enough. */
function lastFeedTimeBefore(firstNight: SleepInput, feedsOfDay: readonly FeedingInput[], zone: string): LocalTime | null {
  const before = feedsOfDay.filter((f) => Date.parse(f.startedAt) < Date.parse(firstNight.startedAt));
  const last = before[before.length - 1];
  return last ? localTimeOf(last.startedAt, zone) : null;
}

function wallMinutesFrom(date: LocalDate, instant: string, zone: string): number {
  const [hh, mm] = localTimeOf(instant, zone).split(':').map(Number) as [number, number];
  const dayOffset = localDateOf(instant, zone) === date ? 0 : 24 * 60;
  return dayOffset + hh * 60 + mm;
}

/** Sleep inside [D's start, D+1's start): 23 or 25 hours on DST days, read from the zone. */
function calendarDayMinutes(date: LocalDate, sleeps: readonly SleepInput[], zone: string): number {
  const dayStart = startOfLocalDate(date, zone).toISOString();
  const dayEnd = startOfLocalDate(addDays(date, 1), zone).toISOString();
  const overlaps = sleeps.map((s) => {
    const from = Date.parse(s.startedAt) > Date.parse(dayStart) ? s.startedAt : dayStart;
    const to = Date.parse(s.endedAt) < Date.parse(dayEnd) ? s.endedAt : dayEnd;
    return Math.max(0, wholeMinutesBetween(from, to));
  });
  return sum(overlaps);
}

function durationOf(sleep: SleepInput): number {
  return wholeMinutesBetween(sleep.startedAt, sleep.endedAt);
}

function hasAmount(feeding: FeedingInput): feeding is FeedingInput & { amountOz: number } {
  return feeding.amountOz !== null && feeding.amountOz !== undefined;
}
