/** Trend arrows compare today so far with this many earlier days, by the same hour. */
import { t } from '../../../lib/i18n/i18n-store.ts';
export const TREND_BASELINE_DAYS = 7;

export type TrendDirection = 'up' | 'down' | 'flat';

export type Trend = {
  direction: TrendDirection;
  /** Change from the baseline in whole percent; null when the baseline is zero. */
  percent: number | null;
  /** How many earlier days the baseline averages. */
  days: number;
};

// Within ±5 % of the usual is noise on a day's numbers, not a change worth an arrow.
const FLAT_WITHIN_PERCENT = 5;

/**
 * Today against the mean of the earlier days that have a value. Days without one (nothing
 * logged) are left out, so a family that started logging yesterday is compared with yesterday
 * only. No earlier value, or no value today: no trend.
 */
export function trendOf(today: number | null, earlier: readonly (number | null)[]): Trend | null {
  const history = earlier.filter((value): value is number => value !== null);
  if (today === null || history.length === 0) return null;
  const baseline = history.reduce((sum, value) => sum + value, 0) / history.length;
  if (baseline === 0) {
    return { direction: today > 0 ? 'up' : 'flat', percent: null, days: history.length };
  }
  const percent = Math.round(((today - baseline) / baseline) * 100);
  const direction = Math.abs(percent) < FLAT_WITHIN_PERCENT ? 'flat' : percent > 0 ? 'up' : 'down';
  return { direction, percent, days: history.length };
}

/** '↑ 20% vs 7-day avg by now', '↓ 8% vs 3-day avg by now', '→ same as 7-day avg by now': the same hours of earlier days. */
export function describeTrend({ direction, percent, days }: Trend): string {
  if (direction === 'flat') return `→ ${t('trend.same', { days })}`;
  const arrow = direction === 'up' ? '↑' : '↓';
  return percent === null ? `${arrow} ${t('trend.versus', { days })}` : `${arrow} ${t('trend.percent', { percent: Math.abs(percent) / 100, days })}`;
}
