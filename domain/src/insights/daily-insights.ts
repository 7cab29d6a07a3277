import { addDays, instantMs, localDateOf, localMinuteOfDay, localTimeOf, startOfLocalDate, type LocalDate, type LocalTime } from '../time/zoned-time';
import { feedBucketOf, NAP_FEED_LOOKBACK_MINS, type FeedBucket } from './feed-bucket';
import {
  MINUTE_MS,
  type ChildSchedule,
  type FeedingInput,
  type DiaperInput,
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
  diapers: {
    /** Changes on D, whatever they held (a dry one too). */
    changeCount: number;
    /** Changes with urine: wet or both. */
    wetCount: number;
    /** Changes with stool: dirty or both. */
    dirtyCount: number;
  };
}

/** A feeding with its start read once, in milliseconds since the epoch. */
export interface TimedFeeding {
  input: FeedingInput;
  start: number;
}

/** A sleep with its start and end read once, in milliseconds since the epoch. */
export interface TimedSleep {
  input: SleepInput;
  start: number;
  end: number;
}

/** A diaper change with its instant read once. */
export interface TimedDiaper {
  input: DiaperInput;
  start: number;
}

/** What one entry adds to its day's insights, by what the insights count it as. */
export type DailyInput = { feeding: TimedFeeding } | { sleep: TimedSleep } | { diaper: TimedDiaper };

export const timedDiaper = (input: DiaperInput): TimedDiaper => ({ input, start: instantMs(input.occurredAt) });
export const timedFeeding = (input: FeedingInput): TimedFeeding => ({ input, start: instantMs(input.startedAt) });
export const timedSleep = (input: SleepInput): TimedSleep => ({ input, start: instantMs(input.startedAt), end: instantMs(input.endedAt) });

/**
 * The document of `date`. The inputs may hold entries of other dates: the ones that belong to
 * `date` are picked here (see entriesWindowFor for which entries must be given).
 */
export function computeDailyInsights(
  date: LocalDate,
  feedings: readonly FeedingInput[],
  sleeps: readonly SleepInput[],
  schedule: ChildSchedule,
  diapers: readonly DiaperInput[] = [],
): DailyInsightsDocument {
  return dailyInsightsOfTimed(date, feedings.map(timedFeeding), sleeps.map(timedSleep), schedule, diapers.map(timedDiaper));
}

/**
 * computeDailyInsights of entries whose instants are read already: a rebuild computes thousands of
 * days, each from the entries of three, and reads every entry once instead of three times.
 */
export function dailyInsightsOfTimed(
  date: LocalDate,
  feeds: readonly TimedFeeding[],
  timedSleeps: readonly TimedSleep[],
  schedule: ChildSchedule,
  diapers: readonly TimedDiaper[] = [],
): DailyInsightsDocument {
  const zone = schedule.timezone;
  const feedsOfDay = feeds.filter((f) => localDateOf(f.start, zone) === date).sort(byStartMs);
  const nights: TimedSleep[] = [];
  const naps: TimedSleep[] = [];
  for (const sleep of timedSleeps) {
    const span = { startedAt: sleep.start, endedAt: sleep.end };
    if (isNightSleep(span, schedule)) {
      if (nightOf(span, schedule) === date) nights.push(sleep);
    } else if (napDate(span, schedule) === date) naps.push(sleep);
  }
  nights.sort(byStartMs);
  naps.sort(byStartMs);
  const amounts = feeds.filter((f) => hasAmount(f.input)).sort(byStartMs);
  const firstNight = nights[0];
  return {
    date,
    feeding: feedingPart(feedsOfDay),
    sleep: {
      napCount: naps.length,
      totalDayMins: sum(naps.map(durationOf)),
      naps: naps.map((nap) => ({ mins: durationOf(nap), feedBucket: bucketOfNap(nap.start, amounts) })),
      totalNightMins: sum(nights.map(durationOf)),
      longestNightStretchMins: nights.length > 0 ? Math.max(...nights.map(durationOf)) : null,
      firstNightStretchMins: firstNight ? durationOf(firstNight) : null,
      bedtime: firstNight ? localTimeOf(firstNight.start, zone) : null,
      bedtimeMinutesFromMidnight: firstNight ? wallMinutesFrom(date, firstNight.start, zone) : null,
      lastFeedBeforeNight: firstNight ? lastFeedTimeBefore(firstNight.start, feedsOfDay, zone) : null,
      calendarDaySleepMins: calendarDayMinutes(date, timedSleeps, zone),
    },
    diapers: diaperPart(diapers.filter((d) => localDateOf(d.start, zone) === date)),
  };
}

function diaperPart(diapersOfDay: readonly TimedDiaper[]): DailyInsightsDocument['diapers'] {
  let wetCount = 0;
  let dirtyCount = 0;
  for (const { input } of diapersOfDay) {
    if (input.contents === 'wet' || input.contents === 'both') wetCount += 1;
    if (input.contents === 'dirty' || input.contents === 'both') dirtyCount += 1;
  }
  return { changeCount: diapersOfDay.length, wetCount, dirtyCount };
}

/** Oldest first; the id breaks ties so a rebuild orders equal starts the same way. */
export function byStartMs(a: TimedFeeding | TimedSleep | TimedDiaper, b: TimedFeeding | TimedSleep | TimedDiaper): number {
  return a.start - b.start || (a.input.id < b.input.id ? -1 : a.input.id > b.input.id ? 1 : 0);
}

function wholeMinutes(ms: number): number {
  return Math.floor(ms / MINUTE_MS);
}

function feedingPart(feedsOfDay: readonly TimedFeeding[]): DailyInsightsDocument['feeding'] {
  const withAmount = feedsOfDay.map((f) => f.input).filter(hasAmount);
  const gaps = feedsOfDay.slice(1).map((feed, i) => wholeMinutes(feed.start - feedsOfDay[i]!.start));
  const shortGaps = gaps.filter((gap) => gap <= MAX_FEED_GAP_MINS);
  const first = feedsOfDay[0]?.input;
  const last = feedsOfDay[feedsOfDay.length - 1]?.input;
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

/** Correlation 1: the feeding with an amount that started most recently within the lookback (`amounts` oldest first). */
function bucketOfNap(napStart: number, amounts: readonly TimedFeeding[]): FeedBucket | null {
  const lookbackStart = napStart - NAP_FEED_LOOKBACK_MINS * MINUTE_MS;
  const candidates = amounts.filter((f) => f.start >= lookbackStart && f.start <= napStart);
  const decisive = candidates[candidates.length - 1];
  return decisive ? feedBucketOf(decisive.input.amountOz!) : null;
}

/** Correlation 3: only feedings of D itself count, so `feedsOfDay` is enough. */
function lastFeedTimeBefore(nightStart: number, feedsOfDay: readonly TimedFeeding[], zone: string): LocalTime | null {
  const before = feedsOfDay.filter((f) => f.start < nightStart);
  const last = before[before.length - 1];
  return last ? localTimeOf(last.start, zone) : null;
}

function wallMinutesFrom(date: LocalDate, instant: number, zone: string): number {
  const dayOffset = localDateOf(instant, zone) === date ? 0 : 24 * 60;
  return dayOffset + localMinuteOfDay(instant, zone);
}

/** Sleep inside [D's start, D+1's start): 23 or 25 hours on DST days, read from the zone. */
function calendarDayMinutes(date: LocalDate, sleeps: readonly { start: number; end: number }[], zone: string): number {
  const dayStart = startOfLocalDate(date, zone).getTime();
  const dayEnd = startOfLocalDate(addDays(date, 1), zone).getTime();
  return sum(sleeps.map((s) => Math.max(0, wholeMinutes(Math.min(s.end, dayEnd) - Math.max(s.start, dayStart)))));
}

function durationOf(sleep: { start: number; end: number }): number {
  return wholeMinutes(sleep.end - sleep.start);
}

function hasAmount(feeding: FeedingInput): feeding is FeedingInput & { amountOz: number } {
  return feeding.amountOz !== null && feeding.amountOz !== undefined;
}
