import type { LocalTime } from '../time/zoned-time';
import { MAX_FEED_GAP_MINS, type DailyInsightsDocument, type LastFeed } from './daily-insights';
import { humanDuration } from './human-forms';
import { wholeMinutesBetween } from './insight-inputs';
import { sum } from './sums';

/** GET /insights/summary over the local dates from..to. */
export interface InsightsSummary {
  feeding: {
    avgOzPerFeed: number | null;
    avgIntervalHuman: string | null;
    lastFeed: LastFeed | null;
  };
  sleep: {
    avgNapHuman: string | null;
    bedtimeWindow: { earliest: LocalTime | null; latest: LocalTime | null };
  };
}

/** Combines the documents of the dates in range (any order; dates without a document add nothing). */
export function summarizeRange(docs: readonly DailyInsightsDocument[]): InsightsSummary {
  const days = [...docs].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const ozTotal = sum(days.map((d) => d.feeding.totalOz24h));
  const amountCount = sum(days.map((d) => d.feeding.amountCount));
  const gaps = feedGaps(days);
  const napMins = sum(days.map((d) => d.sleep.totalDayMins));
  const napCount = sum(days.map((d) => d.sleep.napCount));
  const bedtimes = days
    .flatMap(({ sleep }) =>
      sleep.bedtime !== null && sleep.bedtimeMinutesFromMidnight !== null
        ? [{ time: sleep.bedtime, order: sleep.bedtimeMinutesFromMidnight }]
        : [],
    )
    .sort((a, b) => a.order - b.order);
  return {
    feeding: {
      // One decimal, as ounces are shown.
      avgOzPerFeed: amountCount > 0 ? Math.round((ozTotal / amountCount) * 10) / 10 : null,
      avgIntervalHuman: gaps.count > 0 ? humanDuration(Math.round(gaps.sumMins / gaps.count)) : null,
      lastFeed: days.map((d) => d.feeding.lastFeed).filter((f) => f !== null).at(-1) ?? null,
    },
    sleep: {
      avgNapHuman: napCount > 0 ? humanDuration(Math.round(napMins / napCount)) : null,
      bedtimeWindow: { earliest: bedtimes[0]?.time ?? null, latest: bedtimes.at(-1)?.time ?? null },
    },
  };
}

/**
 * Gaps between consecutive feeding starts in range: each day's own short gaps, plus the gap from
 * the previous date's last feed to this date's first, kept when it is short too.
 */
function feedGaps(days: readonly DailyInsightsDocument[]): { sumMins: number; count: number } {
  let sumMins = 0;
  let count = 0;
  let previousLastFeedAt: string | null = null;
  for (const { feeding } of days) {
    sumMins += feeding.shortGapSumMins;
    count += feeding.shortGapCount;
    if (feeding.firstFeedAt !== null && previousLastFeedAt !== null) {
      const gap = wholeMinutesBetween(previousLastFeedAt, feeding.firstFeedAt);
      if (gap <= MAX_FEED_GAP_MINS) {
        sumMins += gap;
        count += 1;
      }
    }
    // A date without feeds ends the chain: a gap across a whole date is over 12 h anyway.
    previousLastFeedAt = feeding.lastFeed?.timeISO ?? null;
  }
  return { sumMins, count };
}
