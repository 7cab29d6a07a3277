import { DAYS_PER_MONTH } from '../../../config/constants.ts';
import { daysBetween } from '../../../lib/local-date.ts';
import { formatFigure, t } from '../../../lib/i18n/i18n-store.ts';

/** Age in months (days / 30.44) to one decimal, e.g. '4.5 months'; babies change fast enough that a tenth matters. */
export function ageInMonths(birthDate: string, today: string): string {
  const days = daysBetween(birthDate, today);
  if (Number.isNaN(days)) return '';
  const months = Math.max(0, days) / DAYS_PER_MONTH;
  const tenths = Math.round(months * 10) / 10;
  return t('child.ageMonths', { months: tenths, figure: formatFigure(tenths, 1) });
}
