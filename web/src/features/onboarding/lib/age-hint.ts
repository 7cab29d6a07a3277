import { daysBetween } from '../../../lib/local-date.ts';

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/**
 * A friendly age for a birth date, as of `today` (both 'YYYY-MM-DD'). Months are counted as
 * 30 days and years as 365, which is close enough for a hint. Undefined for future or
 * unreadable dates.
 */
export function ageHint(birthDate: string, today: string): string | undefined {
  const days = daysBetween(birthDate, today);
  if (Number.isNaN(days) || days < 0) return undefined;
  if (days === 0) return 'Born today! 🎉';
  if (days < 7) return `${plural(days, 'day')} old`;
  if (days < 30) {
    const weeks = Math.floor(days / 7);
    const rest = days % 7;
    return `${plural(weeks, 'week')}${rest > 0 ? `, ${plural(rest, 'day')}` : ''} old`;
  }
  if (days < 365) return `${plural(Math.floor(days / 30), 'month')} old`;
  return `${plural(Math.floor(days / 365), 'year')} old`;
}
