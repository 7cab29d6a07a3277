import { t, withLocalDecimals } from './i18n/i18n-store.ts';

/** A percentile as a parent reads it, in their language: whole, and never '0th' or '100th' at the tails ('38th', '38.º', '38.'). */
export function percentileText(percentile: number): string {
  if (percentile < 1) return t('growth.percentileBelow');
  if (percentile > 99) return t('growth.percentileAbove');
  return t('growth.percentile', { n: Math.round(percentile) });
}

/** A measure with its percentile, as the growth screen and the report write it: '5.6 kg (38th)', '5,6 kg (38.)', '-'. */
export function measurementText(display: string | null, percentile: number | null): string {
  if (display === null) return '-';
  const shown = withLocalDecimals(display);
  return percentile === null ? shown : `${shown} (${percentileText(percentile)})`;
}
