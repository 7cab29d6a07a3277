import { daysBetween } from '../../../lib/local-date.ts';
import { t } from '../../../lib/i18n/i18n-store.ts';

/**
 * A friendly age for a birth date, as of `today` (both 'YYYY-MM-DD'). Months are counted as
 * 30 days and years as 365, which is close enough for a hint. Undefined for future or
 * unreadable dates.
 */
export function ageHint(birthDate: string, today: string): string | undefined {
  const days = daysBetween(birthDate, today);
  if (Number.isNaN(days) || days < 0) return undefined;
  if (days === 0) return t('age.bornToday');
  if (days < 7) return t('age.daysOld', { days });
  if (days < 30) {
    const weeks = Math.floor(days / 7);
    const rest = days % 7;
    return rest > 0 ? t('age.weeksDaysOld', { weeks, days: rest }) : t('age.weeksOld', { weeks });
  }
  if (days < 365) return t('age.monthsOld', { months: Math.floor(days / 30) });
  return t('age.yearsOld', { years: Math.floor(days / 365) });
}
