import { formatWallClockTime } from '../../../lib/local-date.ts';
import { formatVolume } from '../../../lib/units.ts';
import { feedingMethodText } from '../../../lib/i18n/api-texts.ts';
import type { DailyInsightsResponse, InsightsSummary, VolumeUnit, WeeklyRow } from '../../../types/api.ts';
import type { SoFar } from './same-hours.ts';
import { trendOf, type Trend } from './trend.ts';
import { formatLocale, t } from '../../../lib/i18n/i18n-store.ts';

export type StatCard = {
  label: string;
  value: string;
  detail?: string;
  trend: Trend | null;
};

const NONE = '-';

function formatLastFeed(lastFeed: InsightsSummary['feeding']['lastFeed'], unit: VolumeUnit): Pick<StatCard, 'value' | 'detail'> {
  if (!lastFeed) return { value: NONE };
  const time = new Date(lastFeed.timeISO).toLocaleTimeString(formatLocale(), { hour: 'numeric', minute: '2-digit' });
  const amount = lastFeed.amountOz === null ? null : formatVolume(lastFeed.amountOz, unit);
  return { value: time, detail: [amount, lastFeed.method && feedingMethodText(lastFeed.method)].filter(Boolean).join(' · ') };
}

function formatBedtimeWindow({ earliest, latest }: InsightsSummary['sleep']['bedtimeWindow']): string {
  if (!earliest) return NONE;
  if (!latest || latest === earliest) return formatWallClockTime(earliest);
  return `${formatWallClockTime(earliest)} – ${formatWallClockTime(latest)}`;
}

/** Today so far and the same hours of the earlier tracked days: what the arrows compare. */
export type SameHoursComparison = { today: SoFar; earlier: readonly SoFar[] };

/**
 * 'Total sleep today' is the sleep inside today's calendar day, as in the Last 7 Days table
 * (a night that ends this morning counts), not the insights' night of today, which has barely
 * begun for most of the day.
 */
function totalSleepCard(weekly: readonly WeeklyRow[], trend: Trend | null): StatCard {
  const today = weekly.find((row) => row.isToday);
  if (!today) return { label: t('stat.totalSleep'), value: NONE, trend: null };
  return { label: t('stat.totalSleep'), value: today.sleepHours, detail: t('stat.sinceMidnight'), trend };
}

/**
 * The ten 'Today's Summary' cards: the seed's eight, then today's wet and dirty diapers. Amounts
 * are in the reader's unit ('Total oz today' or 'Total mL today'); insights add up in ounces.
 * Today's feeding figures come from the daily insights' last day; the averages, last feed and
 * bedtime from the summary over today; the sleep total from the weekly rows. The arrows compare
 * today so far with the same hours of the earlier days on which anything was logged (`sameHours`):
 * at 1:24 PM, never with whole days; without that comparison, no arrow.
 */
export function buildStatCards(
  summary: InsightsSummary,
  daily: DailyInsightsResponse,
  weekly: readonly WeeklyRow[],
  unit: VolumeUnit = 'oz',
  sameHours: SameHoursComparison | null = null,
): StatCard[] {
  const { today } = daily;
  const trend = (pick: (day: SoFar) => number) => (sameHours ? trendOf(pick(sameHours.today), sameHours.earlier.map(pick)) : null);

  return [
    { label: t('stat.feeds'), value: String(today.feeding.feedCount), trend: trend((day) => day.feeds) },
    {
      label: t('stat.total', { unit }),
      value: formatVolume(today.feeding.totalOz24h, unit),
      trend: trend((day) => day.oz),
    },
    {
      label: t('stat.avgPerFeed', { unit }),
      value: summary.feeding.avgOzPerFeed === null ? NONE : formatVolume(summary.feeding.avgOzPerFeed, unit),
      trend: null,
    },
    // An interval so far has no same-hours counterpart worth an arrow.
    { label: t('stat.avgInterval'), value: summary.feeding.avgIntervalHuman ?? NONE, trend: null },
    { label: t('stat.lastFeed'), ...formatLastFeed(summary.feeding.lastFeed, unit), trend: null },
    totalSleepCard(weekly, trend((day) => day.sleepMins)),
    { label: t('stat.avgNap'), value: summary.sleep.avgNapHuman ?? NONE, trend: null },
    { label: t('stat.bedtimeWindow'), value: formatBedtimeWindow(summary.sleep.bedtimeWindow), trend: null },
    { label: t('stat.wetDiapers'), value: String(today.diapers.wetCount), trend: null },
    { label: t('stat.dirtyDiapers'), value: String(today.diapers.dirtyCount), trend: null },
  ];
}
