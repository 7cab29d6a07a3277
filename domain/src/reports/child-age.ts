import { completedMonths, milestoneDate } from '../milestones/milestone-schedule';
import { daysBetween, type LocalDate } from '../time/zoned-time';

export interface ChildAge {
  /** Whole days from the birth date. */
  days: number;
  /** '12 days', '2 months 30 days', '1 year 3 months': calendar months, as the milestones count them. */
  text: string;
}

const plural = (count: number, unit: string): string => `${count} ${unit}${count === 1 ? '' : 's'}`;

/**
 * A child's age on a local date, in the calendar months the feeding milestones use (a child born on
 * the 31st is one month old on the last day of a shorter month); null before the birth date.
 */
export function ageOn(birthDate: LocalDate, date: LocalDate): ChildAge | null {
  if (date < birthDate) return null;
  const days = daysBetween(birthDate, date);
  const months = completedMonths(birthDate, date);
  if (months === 0) return { days, text: plural(days, 'day') };
  if (months < 24) {
    const rest = daysBetween(milestoneDate(birthDate, months), date);
    return { days, text: rest === 0 ? plural(months, 'month') : `${plural(months, 'month')} ${plural(rest, 'day')}` };
  }
  const years = Math.floor(months / 12);
  const rest = months % 12;
  return { days, text: rest === 0 ? plural(years, 'year') : `${plural(years, 'year')} ${plural(rest, 'month')}` };
}
