import { MAX_REPORT_DAYS } from '@nightlight/domain/reports/report-range';
import { addDays, daysBetween, isLocalDate } from '@nightlight/domain/time/zoned-time';

export const RANGE_CHOICES = ['Last 7 days', 'Last 14 days', 'Last 30 days', 'Custom'] as const;
export type RangeChoice = (typeof RANGE_CHOICES)[number];

const PRESET_DAYS: Record<Exclude<RangeChoice, 'Custom'>, number> = { 'Last 7 days': 7, 'Last 14 days': 14, 'Last 30 days': 30 };

export type DateRange = { from: string; to: string };

/**
 * Today (the child's local date) and the days before it, as the dashboard's Last 7 Days counts
 * them: the same week on both screens.
 */
export function presetRange(choice: Exclude<RangeChoice, 'Custom'>, today: string): DateRange {
  return { from: addDays(today, 1 - PRESET_DAYS[choice]), to: today };
}

export const CUSTOM_RANGE_MESSAGES = {
  from: 'Enter a start date',
  to: 'Enter an end date',
  reversed: 'The start date must be on or before the end date',
  tooLong: `A report can cover at most ${MAX_REPORT_DAYS} days`,
} as const;

/** What is wrong with a custom range, on the field to correct, or null when it can be asked for. */
export function customRangeProblem({ from, to }: DateRange): { field: 'from' | 'to'; message: string } | null {
  if (!isLocalDate(from)) return { field: 'from', message: CUSTOM_RANGE_MESSAGES.from };
  if (!isLocalDate(to)) return { field: 'to', message: CUSTOM_RANGE_MESSAGES.to };
  if (from > to) return { field: 'from', message: CUSTOM_RANGE_MESSAGES.reversed };
  if (daysBetween(from, to) >= MAX_REPORT_DAYS) return { field: 'to', message: CUSTOM_RANGE_MESSAGES.tooLong };
  return null;
}
