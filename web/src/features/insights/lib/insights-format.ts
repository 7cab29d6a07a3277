import { formatLocalDate } from '../../../lib/local-date.ts';
import { volumeValue } from '../../../lib/units.ts';
import type { DailyInsights, VolumeUnit } from '../../../types/api.ts';
import { formatFigure, formatLocale, t } from '../../../lib/i18n/i18n-store.ts';

/** '+12 min', '-5 min', '0 min': a sign on positive values only. */
export function formatSignedMinutes(minutes: number): string {
  const whole = Math.round(minutes);
  return `${new Intl.NumberFormat(formatLocale(), { signDisplay: 'exceptZero' }).format(whole)} min`;
}

/** Minutes as hours with one decimal: 90 → 1.5. */
export function minutesToHours(minutes: number): number {
  return Math.round((minutes / 60) * 10) / 10;
}

/** '1.5 h', or '-' when there is nothing to show. */
export function formatHours(minutes: number | null): string {
  return minutes === null ? '-' : `${formatFigure(minutesToHours(minutes), 1)} h`;
}

/** Axis label: 'Mon, Nov 16'. */
export function shortDayLabel(localDate: string): string {
  return formatLocalDate(localDate, { weekday: 'short', month: 'short', day: 'numeric' });
}

/** Tooltip title: 'Monday, November 16, 2026'. */
export function fullDateLabel(localDate: string): string {
  return formatLocalDate(localDate, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
}

export type FeedBucketRow = { bucket: string; label: string; minutes: number };

const BUCKET_ORDER = ['<2', '2-3.9'];

function bucketLabel(bucket: string): string {
  if (bucket === '<2') return t('pattern.smallFeeds', { below: formatFigure(2) });
  if (bucket === '2-3.9') return t('pattern.mediumFeeds', { from: formatFigure(2), to: formatFigure(3.9, 1) });
  return t('pattern.largeFeeds', { from: formatFigure(4) });
}

/** The buckets the server answered with, small to large; any bucket but the two named is the large one. */
export function feedBucketRows(deltas: Record<string, number>): FeedBucketRow[] {
  const rank = (bucket: string) => {
    const index = BUCKET_ORDER.indexOf(bucket);
    return index === -1 ? BUCKET_ORDER.length : index;
  };
  return Object.entries(deltas)
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([bucket, minutes]) => ({ bucket, label: bucketLabel(bucket), minutes }));
}

/** A day with nothing logged at all: a gap in every chart, never a 0 that reads as a day without feeds. */
const nothingLogged = (day: DailyInsights) => day.feeding.feedCount === 0 && day.sleep.totalDayMins === 0 && day.sleep.totalNightMins === 0 && day.diapers.changeCount === 0;

/** The Weekly Overview's two lines, day by day: a day with nothing logged is a gap in both, a night not logged a gap in its own. */
export function weeklySeries(days: readonly DailyInsights[], unit: VolumeUnit): { amount: (number | null)[]; longestNightStretch: (number | null)[] } {
  return {
    amount: days.map((day) => (nothingLogged(day) ? null : volumeValue(day.feeding.totalOz24h, unit))),
    longestNightStretch: days.map((day) => (day.sleep.longestNightStretchMins === null ? null : minutesToHours(day.sleep.longestNightStretchMins))),
  };
}
