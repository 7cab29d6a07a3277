import type { DayStat, ReportView, SleepStat } from '@nightlight/domain/reports/report';
import { formatLocalDate } from '../../../lib/local-date.ts';
import type { VolumeUnit } from '../../../types/api.ts';

/** Shown where a figure has no value: no day of the range has an entry. */
export const NO_VALUE = '-';

/** 'Jun 5, 2026'. */
export const dateText = (date: string): string => formatLocalDate(date, { month: 'short', day: 'numeric', year: 'numeric' });

/** 'Jun 1, 2026 – Jun 7, 2026'; one date when the range is one day. */
export const rangeText = (from: string, to: string): string => (from === to ? dateText(from) : `${dateText(from)} – ${dateText(to)}`);

const daysText = (count: number): string => `${count} ${count === 1 ? 'day' : 'days'}`;

/** One row of the figures table: what is counted, its mean per day, and its lowest and highest day. */
export type FigureRow = { label: string; average: string; range: string };

const countRow = (label: string, stat: DayStat | null): FigureRow =>
  stat ? { label, average: stat.mean.toFixed(1), range: `${stat.min}–${stat.max}` } : { label, average: NO_VALUE, range: NO_VALUE };

const sleepRow = (label: string, stat: SleepStat | null): FigureRow =>
  stat ? { label, average: stat.meanHuman, range: `${stat.minHuman} – ${stat.maxHuman}` } : { label, average: NO_VALUE, range: NO_VALUE };

/** Ounces with one decimal ('16.3 oz', '8.0–22.0 oz'), millilitres whole ('483 mL', '237–651 mL'). */
function amountRow(amount: ReportView['amount'], unit: VolumeUnit): FigureRow {
  const label = 'Bottle amount';
  if (!amount) return { label, average: NO_VALUE, range: NO_VALUE };
  if (unit === 'oz') return { label, average: `${amount.oz.mean.toFixed(1)} oz`, range: `${amount.oz.min.toFixed(1)}–${amount.oz.max.toFixed(1)} oz` };
  return { label, average: `${amount.mL.mean} mL`, range: `${amount.mL.min}–${amount.mL.max} mL` };
}

/** Minutes per breast ('14 min', '12–15 min'); rows only when some feeding of the range recorded its sides. */
function nursingRows(nursing: ReportView['nursing']): FigureRow[] {
  if (!nursing) return [];
  const row = (label: string, stat: DayStat): FigureRow => ({ label, average: `${stat.mean} min`, range: `${stat.min}–${stat.max} min` });
  return [row('Nursing, left', nursing.left), row('Nursing, right', nursing.right)];
}

/** Milk pumped, in the reader's unit; a row only when something was pumped in the range. */
function pumpingRows(pumping: ReportView['pumping'], unit: VolumeUnit): FigureRow[] {
  if (!pumping) return [];
  const label = 'Pumped';
  if (unit === 'oz') return [{ label, average: `${pumping.oz.mean.toFixed(1)} oz`, range: `${pumping.oz.min.toFixed(1)}–${pumping.oz.max.toFixed(1)} oz` }];
  return [{ label, average: `${pumping.mL.mean} mL`, range: `${pumping.mL.min}–${pumping.mL.max} mL` }];
}

/** Minutes on the tummy ('20 min', '5–30 min'); a row only when some was logged in the range. */
function tummyTimeRows(tummyTime: ReportView['tummyTime']): FigureRow[] {
  return tummyTime ? [{ label: 'Tummy time', average: `${tummyTime.mean} min`, range: `${tummyTime.min}–${tummyTime.max} min` }] : [];
}

/** The figures table, in the order a pediatrician asks: feeds, amounts, nursing, pumping, diapers, sleep, tummy time. */
export function figureRows(report: ReportView, unit: VolumeUnit): FigureRow[] {
  return [
    countRow('Feeds', report.feeds),
    amountRow(report.amount, unit),
    ...nursingRows(report.nursing),
    ...pumpingRows(report.pumping, unit),
    countRow('Wet diapers', report.diapers?.wet ?? null),
    countRow('Dirty diapers', report.diapers?.dirty ?? null),
    sleepRow('Day sleep', report.sleep.day),
    sleepRow('Night sleep', report.sleep.night),
    ...tummyTimeRows(report.tummyTime),
  ];
}

/** 'Per day over the 6 of 7 days with entries; days with nothing logged are left out.' */
export function figuresCaption({ days, daysWithEntries }: ReportView['range']): string {
  if (daysWithEntries === 0) return `Nothing was logged in these ${daysText(days)}.`;
  return `Per day over the ${daysWithEntries} of ${daysText(days)} with entries; days with nothing logged are left out.`;
}

/** 'Longest night stretch: 8h 10m (night of Jun 5, 2026)'. */
export function longestStretchText(stretch: ReportView['sleep']['longestNightStretch']): string {
  return stretch ? `Longest night stretch: ${stretch.human} (night of ${dateText(stretch.date)})` : `Longest night stretch: ${NO_VALUE}`;
}

/** 'Age: 2 months 30 days (on Jun 7, 2026)'. */
export function ageLine(report: ReportView): string {
  return report.age ? `Age: ${report.age.text} (on ${dateText(report.range.to)})` : `Age: ${NO_VALUE}`;
}

/** 'Range: Jun 1, 2026 – Jun 7, 2026 (7 days)'. */
export function rangeLine({ from, to, days }: ReportView['range']): string {
  return `Range: ${rangeText(from, to)} (${daysText(days)})`;
}

/** The age a measurement was taken at, in days: '90 days'. */
export const measuredAgeText = (ageDays: number): string => daysText(ageDays);
