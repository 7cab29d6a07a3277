import { formatDurationMinutes, formatWallClockTime } from '../../../lib/local-date.ts';
import type { DailyInsights, DailyInsightsResponse, InsightsSummary } from '../../../types/api.ts';
import { trendOf, type Trend } from './trend.ts';

export type StatCard = {
  label: string;
  value: string;
  detail?: string;
  trend: Trend | null;
};

const NONE = '-';

const hasLogging = (day: DailyInsights) =>
  day.feeding.feedCount > 0 || day.sleep.totalDayMins > 0 || day.sleep.totalNightMins > 0;

const totalSleepMins = (day: DailyInsights) => day.sleep.totalDayMins + day.sleep.totalNightMins;

function formatOunces(oz: number): string {
  return `${oz.toFixed(1)} oz`;
}

function formatLastFeed(lastFeed: InsightsSummary['feeding']['lastFeed']): Pick<StatCard, 'value' | 'detail'> {
  if (!lastFeed) return { value: NONE };
  const time = new Date(lastFeed.timeISO).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
  const amount = lastFeed.amountOz === null ? null : formatOunces(lastFeed.amountOz);
  return { value: time, detail: [amount, lastFeed.method].filter(Boolean).join(' · ') };
}

function formatBedtimeWindow({ earliest, latest }: InsightsSummary['sleep']['bedtimeWindow']): string {
  if (!earliest) return NONE;
  if (!latest || latest === earliest) return formatWallClockTime(earliest);
  return `${formatWallClockTime(earliest)} – ${formatWallClockTime(latest)}`;
}

/**
 * The eight 'Today's Summary' cards. Today's figures come from the daily insights' last day;
 * the averages, last feed and bedtime from the summary over today. Trends compare today with
 * the earlier days of the daily insights on which anything was logged.
 */
export function buildStatCards(summary: InsightsSummary, daily: DailyInsightsResponse): StatCard[] {
  const { today } = daily;
  const earlier = daily.days.filter((day) => day.date < today.date && hasLogging(day));
  const trend = (pick: (day: DailyInsights) => number | null) => trendOf(pick(today), earlier.map(pick));

  return [
    { label: 'Feeds today', value: String(today.feeding.feedCount), trend: trend((day) => day.feeding.feedCount) },
    {
      label: 'Total oz today',
      value: formatOunces(today.feeding.totalOz24h),
      trend: trend((day) => day.feeding.totalOz24h),
    },
    {
      label: 'Avg oz per feed',
      value: summary.feeding.avgOzPerFeed === null ? NONE : formatOunces(summary.feeding.avgOzPerFeed),
      trend: null,
    },
    {
      label: 'Avg interval',
      value: summary.feeding.avgIntervalHuman ?? NONE,
      trend: trend((day) => day.feeding.avgIntervalMins),
    },
    { label: 'Last feed', ...formatLastFeed(summary.feeding.lastFeed), trend: null },
    {
      label: 'Total sleep today',
      value: formatDurationMinutes(totalSleepMins(today)),
      detail: `Naps ${today.sleep.totalDayHuman} · Night ${today.sleep.totalNightHuman}`,
      trend: trend(totalSleepMins),
    },
    { label: 'Avg nap', value: summary.sleep.avgNapHuman ?? NONE, trend: null },
    { label: 'Bedtime window', value: formatBedtimeWindow(summary.sleep.bedtimeWindow), trend: null },
  ];
}
