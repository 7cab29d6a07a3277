import { completedMonths } from '../milestones/milestone-schedule';
import { addDays, localDateOf, type LocalDate } from '../time/zoned-time';

/**
 * How long a baby is typically awake between sleeps, by age: the table of docs/wake-windows.md
 * with its sources. Rows hold from `fromMonths` completed calendar months up to the next row's; the
 * last row ends at `untilMonths`. Wake windows are a rule of thumb from sleep consultants and
 * paediatric practice, not a measured norm, so every use of them is labelled as an estimate.
 */
export interface WakeWindowRow {
  fromMonths: number;
  label: string;
  minMinutes: number;
  maxMinutes: number;
}

export const WAKE_WINDOWS: readonly WakeWindowRow[] = [
  { fromMonths: 0, label: 'Newborn to 1 month', minMinutes: 30, maxMinutes: 60 },
  { fromMonths: 2, label: '2 months', minMinutes: 60, maxMinutes: 90 },
  { fromMonths: 3, label: '3 months', minMinutes: 75, maxMinutes: 120 },
  { fromMonths: 4, label: '4 months', minMinutes: 90, maxMinutes: 120 },
  { fromMonths: 5, label: '5 to 6 months', minMinutes: 120, maxMinutes: 180 },
  { fromMonths: 7, label: '7 to 10 months', minMinutes: 150, maxMinutes: 210 },
  { fromMonths: 11, label: '11 to 12 months', minMinutes: 180, maxMinutes: 240 },
];
/** The table ends with the first birthday's month: no estimate from 13 months on. */
export const WAKE_WINDOWS_UNTIL_MONTHS = 13;
/** A newborn's sleep follows feeds, not wake windows: no estimate in the first two weeks. */
export const WAKE_WINDOWS_FROM_DAYS = 14;

export const NAP_ESTIMATE_LABEL = 'Estimate from age-typical wake windows, not medical advice';

export interface NextNapEstimate {
  /** The end of the last sleep today: the wake window counts from it. */
  wokeAt: string;
  /** The window's start and end: the next nap is likely due between them. */
  from: string;
  to: string;
  wakeWindow: WakeWindowRow;
  label: string;
}

/** The wake window for a child's age on `today`, or null outside the table's ages. */
export function wakeWindowFor(birthDate: LocalDate, today: LocalDate): WakeWindowRow | null {
  if (today < addDays(birthDate, WAKE_WINDOWS_FROM_DAYS)) return null;
  const months = completedMonths(birthDate, today);
  if (months >= WAKE_WINDOWS_UNTIL_MONTHS) return null;
  return WAKE_WINDOWS.findLast((row) => row.fromMonths <= months) ?? null;
}

/**
 * When the next nap is likely due: the last wake time today plus the age's wake window. No estimate
 * without a wake time logged today in the child's zone (one logged yesterday says nothing about
 * today's rhythm), while the baby is asleep, or outside the table's ages.
 */
export function nextNapEstimate(input: { birthDate: LocalDate; timezone: string; now: Date; lastWokeAt: string | null; asleep: boolean }): NextNapEstimate | null {
  const { birthDate, timezone, now, lastWokeAt, asleep } = input;
  if (asleep || lastWokeAt === null) return null;
  const today = localDateOf(now.getTime(), timezone);
  if (localDateOf(Date.parse(lastWokeAt), timezone) !== today) return null;
  const wakeWindow = wakeWindowFor(birthDate, today);
  if (!wakeWindow) return null;
  const woke = Date.parse(lastWokeAt);
  const at = (minutes: number) => new Date(woke + minutes * 60_000).toISOString();
  return { wokeAt: new Date(woke).toISOString(), from: at(wakeWindow.minMinutes), to: at(wakeWindow.maxMinutes), wakeWindow, label: NAP_ESTIMATE_LABEL };
}
