import { formatWallClockTime } from '../../../lib/local-date.ts';
import { formatVolume } from '../../../lib/units.ts';
import type { DailyInsights, DailyInsightsResponse, InsightsSummary, VolumeUnit, WeeklyRow } from '../../../types/api.ts';
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

const NO_DATA_NOTE = 'No data';

/** '13h 20m' or '45m', as the weekly rows write sleep, back to minutes; null when unreadable. */
export function parseDurationText(text: string): number | null {
  const match = /^(?:(\d+)h\s*)?(\d+)m$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1] ?? 0) * 60 + Number(match[2]);
}

function formatLastFeed(lastFeed: InsightsSummary['feeding']['lastFeed'], unit: VolumeUnit): Pick<StatCard, 'value' | 'detail'> {
  if (!lastFeed) return { value: NONE };
  const time = new Date(lastFeed.timeISO).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
  const amount = lastFeed.amountOz === null ? null : formatVolume(lastFeed.amountOz, unit);
  return { value: time, detail: [amount, lastFeed.method].filter(Boolean).join(' · ') };
}

function formatBedtimeWindow({ earliest, latest }: InsightsSummary['sleep']['bedtimeWindow']): string {
  if (!earliest) return NONE;
  if (!latest || latest === earliest) return formatWallClockTime(earliest);
  return `${formatWallClockTime(earliest)} – ${formatWallClockTime(latest)}`;
}

/**
 * 'Total sleep today' is the sleep inside today's calendar day, as in the Last 7 Days table
 * (a night that ends this morning counts), not the insights' night of today, which has barely
 * begun for most of the day. Its trend compares with the table's earlier days that have data.
 */
function totalSleepCard(weekly: readonly WeeklyRow[]): StatCard {
  const today = weekly.find((row) => row.isToday);
  if (!today) return { label: 'Total sleep today', value: NONE, trend: null };
  const earlier = weekly.filter((row) => !row.isToday && row.note !== NO_DATA_NOTE);
  return {
    label: 'Total sleep today',
    value: today.sleepHours,
    detail: 'Since midnight',
    trend: trendOf(parseDurationText(today.sleepHours), earlier.map((row) => parseDurationText(row.sleepHours))),
  };
}

/**
 * The ten 'Today's Summary' cards: the seed's eight, then today's wet and dirty diapers. Amounts
 * are in the reader's unit ('Total oz today' or 'Total mL today'); insights add up in ounces.
 * Today's feeding figures come from the daily insights' last
 * day; the averages, last feed and bedtime from the summary over today; the sleep total from the
 * weekly rows. Trends compare today with the earlier days on which anything was logged.
 */
export function buildStatCards(
  summary: InsightsSummary,
  daily: DailyInsightsResponse,
  weekly: readonly WeeklyRow[],
  unit: VolumeUnit = 'oz',
): StatCard[] {
  const { today } = daily;
  const earlier = daily.days.filter((day) => day.date < today.date && hasLogging(day));
  const trend = (pick: (day: DailyInsights) => number | null) => trendOf(pick(today), earlier.map(pick));

  return [
    { label: 'Feeds today', value: String(today.feeding.feedCount), trend: trend((day) => day.feeding.feedCount) },
    {
      label: `Total ${unit} today`,
      value: formatVolume(today.feeding.totalOz24h, unit),
      trend: trend((day) => day.feeding.totalOz24h),
    },
    {
      label: `Avg ${unit} per feed`,
      value: summary.feeding.avgOzPerFeed === null ? NONE : formatVolume(summary.feeding.avgOzPerFeed, unit),
      trend: null,
    },
    {
      label: 'Avg interval',
      value: summary.feeding.avgIntervalHuman ?? NONE,
      trend: trend((day) => day.feeding.avgIntervalMins),
    },
    { label: 'Last feed', ...formatLastFeed(summary.feeding.lastFeed, unit), trend: null },
    totalSleepCard(weekly),
    { label: 'Avg nap', value: summary.sleep.avgNapHuman ?? NONE, trend: null },
    { label: 'Bedtime window', value: formatBedtimeWindow(summary.sleep.bedtimeWindow), trend: null },
    { label: 'Wet diapers today', value: String(today.diapers.wetCount), trend: null },
    { label: 'Dirty diapers today', value: String(today.diapers.dirtyCount), trend: null },
  ];
}
