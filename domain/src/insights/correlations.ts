import { FEED_BUCKETS, type FeedBucket } from './feed-bucket';
import type { DailyInsightsDocument } from './daily-insights';
import { mean } from './sums';

/** The three Pattern Insights; an absent value (or an empty map) means insufficient data. */
export interface Correlations {
  napLengthDeltaByFeedBucket: Partial<Record<FeedBucket, number>>;
  longNightStretchDeltaOnHighNapDays?: number;
  firstNightStretchDeltaWhenLastFeedInLateWindow?: number;
}

export const DEFAULT_CORRELATION_DAYS = 30;
const MIN_NAPS_PER_BUCKET = 3;
const MIN_DAYS_PER_GROUP = 2;
const HIGH_NAP_DAY_OVER_MINS = 4 * 60;
/** Late evening feed window, 9-10pm: local start times '21:00' to '21:59'. */
const LATE_FEED_FROM = '21:00';
const LATE_FEED_BEFORE = '22:00';

/** Over the documents of the window's dates (the last 30 local dates by default). */
export function correlations(docs: readonly DailyInsightsDocument[]): Correlations {
  const result: Correlations = { napLengthDeltaByFeedBucket: napLengthDeltaByFeedBucket(docs) };
  const highNapDelta = longNightStretchDeltaOnHighNapDays(docs);
  if (highNapDelta !== undefined) result.longNightStretchDeltaOnHighNapDays = highNapDelta;
  const lateFeedDelta = firstNightStretchDeltaWhenLastFeedInLateWindow(docs);
  if (lateFeedDelta !== undefined) result.firstNightStretchDeltaWhenLastFeedInLateWindow = lateFeedDelta;
  return result;
}

/** '+12 min', '-5 min', '0 min'. */
export function formatSignedMinutes(minutes: number): string {
  return minutes > 0 ? `+${minutes} min` : `${minutes} min`;
}

function napLengthDeltaByFeedBucket(docs: readonly DailyInsightsDocument[]): Partial<Record<FeedBucket, number>> {
  const naps = docs.flatMap((doc) => doc.sleep.naps);
  const deltas: Partial<Record<FeedBucket, number>> = {};
  if (naps.length === 0) return deltas;
  const typical = mean(naps.map((nap) => nap.mins));
  for (const bucket of FEED_BUCKETS) {
    const inBucket = naps.filter((nap) => nap.feedBucket === bucket).map((nap) => nap.mins);
    if (inBucket.length >= MIN_NAPS_PER_BUCKET) deltas[bucket] = wholeMinutes(mean(inBucket) - typical);
  }
  return deltas;
}

function longNightStretchDeltaOnHighNapDays(docs: readonly DailyInsightsDocument[]): number | undefined {
  const nights = docs.flatMap(({ sleep }) =>
    sleep.longestNightStretchMins === null
      ? []
      : [{ mins: sleep.longestNightStretchMins, inGroup: sleep.totalDayMins > HIGH_NAP_DAY_OVER_MINS }],
  );
  return groupDelta(nights);
}

function firstNightStretchDeltaWhenLastFeedInLateWindow(docs: readonly DailyInsightsDocument[]): number | undefined {
  const nights = docs.flatMap(({ sleep }) => {
    if (sleep.firstNightStretchMins === null) return [];
    const lastFeed = sleep.lastFeedBeforeNight;
    const late = lastFeed !== null && lastFeed >= LATE_FEED_FROM && lastFeed < LATE_FEED_BEFORE;
    return [{ mins: sleep.firstNightStretchMins, inGroup: late }];
  });
  return groupDelta(nights);
}

/** Mean of the group minus mean of the rest, when each side has enough nights. */
function groupDelta(nights: readonly { mins: number; inGroup: boolean }[]): number | undefined {
  const group = nights.filter((n) => n.inGroup).map((n) => n.mins);
  const rest = nights.filter((n) => !n.inGroup).map((n) => n.mins);
  if (group.length < MIN_DAYS_PER_GROUP || rest.length < MIN_DAYS_PER_GROUP) return undefined;
  return wholeMinutes(mean(group) - mean(rest));
}

/**
 * Deltas are whole minutes: Math.round of the difference of the unrounded means (a half rounds
 * towards +infinity: 2.5 → 3, -2.5 → -2). A rounded -0 becomes 0 so it reads '0 min'.
 */
function wholeMinutes(minutes: number): number {
  const rounded = Math.round(minutes);
  return rounded === 0 ? 0 : rounded;
}
