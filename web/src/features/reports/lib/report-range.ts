import { MAX_REPORT_DAYS } from '@nightlight/domain/reports/report-range';
import { addDays, daysBetween, isLocalDate } from '@nightlight/domain/time/zoned-time';
import { t, type MessageKey } from '../../../lib/i18n/i18n-store.ts';

export const RANGE_CHOICES = ['Last 7 days', 'Last 14 days', 'Last 30 days', 'Custom'] as const;
export type RangeChoice = (typeof RANGE_CHOICES)[number];

/** Each choice as the reader reads it: the choices themselves are the page's state, the same in every language. */
export const RANGE_LABELS: Record<RangeChoice, MessageKey> = { 'Last 7 days': 'report.last7', 'Last 14 days': 'report.last14', 'Last 30 days': 'report.last30', Custom: 'report.custom' };

const PRESET_DAYS: Record<Exclude<RangeChoice, 'Custom'>, number> = { 'Last 7 days': 7, 'Last 14 days': 14, 'Last 30 days': 30 };

export type DateRange = { from: string; to: string };

/**
 * Today (the child's local date) and the days before it, as the dashboard's Last 7 Days counts
 * them: the same week on both screens.
 */
export function presetRange(choice: Exclude<RangeChoice, 'Custom'>, today: string): DateRange {
  return { from: addDays(today, 1 - PRESET_DAYS[choice]), to: today };
}


/** What is wrong with a custom range, on the field to correct, or null when it can be asked for. */
export function customRangeProblem({ from, to }: DateRange): { field: 'from' | 'to'; message: string } | null {
  if (!isLocalDate(from)) return { field: 'from', message: t('report.enterFrom') };
  if (!isLocalDate(to)) return { field: 'to', message: t('report.enterTo') };
  if (from > to) return { field: 'from', message: t('report.reversed') };
  if (daysBetween(from, to) >= MAX_REPORT_DAYS) return { field: 'to', message: t('report.tooLong', { max: MAX_REPORT_DAYS }) };
  return null;
}
