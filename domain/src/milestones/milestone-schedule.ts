import { addDays, isLocalDate, type LocalDate } from '../time/zoned-time.ts';
import { ALERTING_MILESTONES, type MilestoneKey } from './feeding-guide.ts';

export type MilestoneAlertType = 'ONE_WEEK_WARNING' | 'MILESTONE_REACHED';

/** A span of local dates, both ends included. */
export interface AlertWindow {
  windowStart: LocalDate;
  windowEnd: LocalDate;
}

export interface DueAlert extends AlertWindow {
  milestoneKey: MilestoneKey;
  alertType: MilestoneAlertType;
}

const WARNING_LEAD_DAYS = 7;
const REACHED_WINDOW_DAYS = 7;

/**
 * The local date a child reaches an age in calendar months. A birth day the target month does not
 * have (the 31st in a 30-day month, the 29th to 31st in February) clamps to that month's last day,
 * so a child born on 2026-01-31 is one month old on 2026-02-28 and two months old on 2026-03-31.
 */
export function milestoneDate(birthDate: LocalDate, ageMonths: number): LocalDate {
  if (!isLocalDate(birthDate)) throw new RangeError(`Not a local date: '${birthDate}'`);
  if (!Number.isInteger(ageMonths) || ageMonths < 0) throw new RangeError(`Not a whole number of months: ${ageMonths}`);
  const [year, month, day] = birthDate.split('-').map(Number) as [number, number, number];
  const monthIndex = month - 1 + ageMonths;
  // setUTCFullYear, unlike Date.UTC, does not read years 0 to 99 as 1900 to 1999.
  const utcDate = (monthOfYear: number, dayOfMonth: number) => {
    const date = new Date(0);
    date.setUTCFullYear(year, monthOfYear, dayOfMonth);
    return date;
  };
  // Day 0 of the following month is the last day of the target month.
  const lastDayOfTargetMonth = utcDate(monthIndex + 1, 0).getUTCDate();
  return utcDate(monthIndex, Math.min(day, lastDayOfTargetMonth)).toISOString().slice(0, 10);
}

/** Whole calendar months from the birth date to `date`, counted as `milestoneDate` reaches them. */
export function completedMonths(birthDate: LocalDate, date: LocalDate): number {
  let months = 0;
  while (milestoneDate(birthDate, months + 1) <= date) months += 1;
  return months;
}

/** Every alert window the birth date gives, two per alerting milestone. */
export function windowsOf(birthDate: LocalDate): DueAlert[] {
  return ALERTING_MILESTONES.flatMap(({ key, ageMonths }) => {
    const reachedOn = milestoneDate(birthDate, ageMonths);
    return [
      {
        milestoneKey: key,
        alertType: 'ONE_WEEK_WARNING' as const,
        windowStart: addDays(reachedOn, -WARNING_LEAD_DAYS),
        windowEnd: addDays(reachedOn, -1),
      },
      {
        milestoneKey: key,
        alertType: 'MILESTONE_REACHED' as const,
        windowStart: reachedOn,
        windowEnd: addDays(reachedOn, REACHED_WINDOW_DAYS - 1),
      },
    ];
  });
}

/** Of the windows that hold `today`, the one that opened last (the later one on a tie), or null. */
export function newestWindowHolding<W extends AlertWindow>(windows: Iterable<W>, today: LocalDate): W | null {
  let newest: W | null = null;
  // 'YYYY-MM-DD' strings sort in date order, so they compare as they are.
  for (const window of windows) {
    if (window.windowStart <= today && today <= window.windowEnd && (!newest || window.windowStart >= newest.windowStart)) {
      newest = window;
    }
  }
  return newest;
}

/**
 * The alert whose window holds `today`, the child's local date, or null. At most one alert is due:
 * where windows overlap the newest wins. Milestones a whole month apart never overlap, so the rule
 * only guards the guide's data.
 */
export function dueAlert(birthDate: LocalDate, today: LocalDate): DueAlert | null {
  return newestWindowHolding(windowsOf(birthDate), today);
}

/**
 * The window the birth date gives one alert, or null for a milestone that raises none. An alert
 * recorded with another window was raised from a birth date that has since been corrected.
 */
export function windowFor(birthDate: LocalDate, milestoneKey: MilestoneKey, alertType: MilestoneAlertType): AlertWindow | null {
  const window = windowsOf(birthDate).find((w) => w.milestoneKey === milestoneKey && w.alertType === alertType);
  return window ? { windowStart: window.windowStart, windowEnd: window.windowEnd } : null;
}
