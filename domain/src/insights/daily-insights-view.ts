import type { LocalDate, LocalTime } from '../time/zoned-time';
import type { DailyInsightsDocument } from './daily-insights';
import { humanDuration } from './human-forms';

/** One day as GET /insights/daily answers it (docs/api.md `DailyInsights`). */
export interface DailyInsightsView {
  date: LocalDate;
  feeding: { totalOz24h: number; avgIntervalMins: number | null; feedCount: number };
  sleep: {
    totalDayMins: number;
    totalNightMins: number;
    longestNightStretchMins: number | null;
    firstNightStretchMins: number | null;
    bedtimeWindow: { earliest: LocalTime | null };
    totalDayHuman: string;
    totalNightHuman: string;
    longestNightStretchHuman: string | null;
  };
  diapers: { changeCount: number; wetCount: number; dirtyCount: number };
}

/** GET /insights/daily: the days ascending, and today (the last of them) again. */
export interface DailyInsightsAnswer {
  days: DailyInsightsView[];
  today: DailyInsightsView;
}

export function toDailyInsightsView(doc: DailyInsightsDocument): DailyInsightsView {
  const { feeding, sleep, diapers } = doc;
  return {
    date: doc.date,
    feeding: { totalOz24h: feeding.totalOz24h, avgIntervalMins: feeding.avgIntervalMins, feedCount: feeding.feedCount },
    sleep: {
      totalDayMins: sleep.totalDayMins,
      totalNightMins: sleep.totalNightMins,
      longestNightStretchMins: sleep.longestNightStretchMins,
      firstNightStretchMins: sleep.firstNightStretchMins,
      bedtimeWindow: { earliest: sleep.bedtime },
      totalDayHuman: humanDuration(sleep.totalDayMins),
      totalNightHuman: humanDuration(sleep.totalNightMins),
      longestNightStretchHuman: sleep.longestNightStretchMins === null ? null : humanDuration(sleep.longestNightStretchMins),
    },
    // A copy: a document stored before diapers were tracked has none.
    diapers: { changeCount: diapers?.changeCount ?? 0, wetCount: diapers?.wetCount ?? 0, dirtyCount: diapers?.dirtyCount ?? 0 },
  };
}
