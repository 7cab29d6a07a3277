import type { DayStat, ReportView, SleepStat } from '@nightlight/domain/reports/report';
import { formatLocalDate } from '../../../lib/local-date.ts';
import type { VolumeUnit } from '../../../types/api.ts';
import { formatVolumeFigure } from '../../../lib/units.ts';
import { formatFigure, t, withLocalDecimals } from '../../../lib/i18n/i18n-store.ts';

/** Shown where a figure has no value: no day of the range has an entry. */
export const NO_VALUE = '-';

/** 'Jun 5, 2026'. */
export const dateText = (date: string): string => formatLocalDate(date, { month: 'short', day: 'numeric', year: 'numeric' });

/** 'Jun 1, 2026 – Jun 7, 2026'; one date when the range is one day. */
export const rangeText = (from: string, to: string): string => (from === to ? dateText(from) : `${dateText(from)} – ${dateText(to)}`);

const daysText = (count: number): string => t('report.days', { count });

/** One row of the figures table: what is counted, its mean per day, and its lowest and highest day. */
export type FigureRow = { label: string; average: string; range: string };

const countRow = (label: string, stat: DayStat | null): FigureRow =>
  stat ? { label, average: formatFigure(stat.mean, 1), range: `${formatFigure(stat.min)}–${formatFigure(stat.max)}` } : { label, average: NO_VALUE, range: NO_VALUE };

const sleepRow = (label: string, stat: SleepStat | null): FigureRow =>
  stat ? { label, average: stat.meanHuman, range: `${stat.minHuman} – ${stat.maxHuman}` } : { label, average: NO_VALUE, range: NO_VALUE };

/** A volume's mean and range in the reader's figures: ounces with one decimal ('16.3 oz', '8.0–22.0 oz'), millilitres whole ('483 mL', '237–651 mL'). */
function volumeRow(label: string, stat: DayStat, unit: VolumeUnit): FigureRow {
  const digits = unit === 'oz' ? 1 : 0;
  return { label, average: formatVolumeFigure(stat.mean, unit), range: `${formatFigure(stat.min, digits)}–${formatFigure(stat.max, digits)} ${unit}` };
}

/** The bottle amount row, in the reader's unit. */
function amountRow(amount: ReportView['amount'], unit: VolumeUnit): FigureRow {
  const label = t('report.bottleAmount');
  if (!amount) return { label, average: NO_VALUE, range: NO_VALUE };
  return volumeRow(label, unit === 'oz' ? amount.oz : amount.mL, unit);
}

/** Minutes per breast ('14 min', '12–15 min'); rows only when some feeding of the range recorded its sides. */
function nursingRows(nursing: ReportView['nursing']): FigureRow[] {
  if (!nursing) return [];
  const row = (label: string, stat: DayStat): FigureRow => ({ label, average: `${formatFigure(stat.mean)} min`, range: `${formatFigure(stat.min)}–${formatFigure(stat.max)} min` });
  return [row(t('report.nursingLeft'), nursing.left), row(t('report.nursingRight'), nursing.right)];
}

/** Milk pumped, in the reader's unit; a row only when something was pumped in the range. */
function pumpingRows(pumping: ReportView['pumping'], unit: VolumeUnit): FigureRow[] {
  if (!pumping) return [];
  return [volumeRow(t('report.pumped'), unit === 'oz' ? pumping.oz : pumping.mL, unit)];
}

/** Minutes on the tummy ('20 min', '5–30 min'); a row only when some was logged in the range. */
function tummyTimeRows(tummyTime: ReportView['tummyTime']): FigureRow[] {
  return tummyTime ? [{ label: t('report.tummyTime'), average: withLocalDecimals(`${tummyTime.mean} min`), range: withLocalDecimals(`${tummyTime.min}–${tummyTime.max} min`) }] : [];
}

/** The figures table, in the order a pediatrician asks: feeds, amounts, nursing, pumping, diapers, sleep, tummy time. */
export function figureRows(report: ReportView, unit: VolumeUnit): FigureRow[] {
  return [
    countRow(t('weekly.feeds'), report.feeds),
    amountRow(report.amount, unit),
    ...nursingRows(report.nursing),
    ...pumpingRows(report.pumping, unit),
    countRow(t('report.wetDiapers'), report.diapers?.wet ?? null),
    countRow(t('report.dirtyDiapers'), report.diapers?.dirty ?? null),
    sleepRow(t('report.daySleep'), report.sleep.day),
    sleepRow(t('report.nightSleep'), report.sleep.night),
    ...tummyTimeRows(report.tummyTime),
  ];
}

/** 'Per day over the 6 of 7 days with entries; days with nothing logged are left out.' */
export function figuresCaption({ days, daysWithEntries }: ReportView['range']): string {
  if (daysWithEntries === 0) return t('report.nothingLogged', { days });
  return t('report.perDayOver', { daysWithEntries, days });
}

/** 'Longest night stretch: 8h 10m (night of Jun 5, 2026)'. */
export function longestStretchText(stretch: ReportView['sleep']['longestNightStretch']): string {
  return stretch ? t('report.longestStretch', { duration: stretch.human, date: dateText(stretch.date) }) : t('report.longestStretchNone', { none: NO_VALUE });
}

/** 'Age: 2 months 30 days (on Jun 7, 2026)'. */
export function ageLine(report: ReportView): string {
  return report.age ? t('report.age', { age: report.age.text, date: dateText(report.range.to) }) : t('report.ageNone', { none: NO_VALUE });
}

/** 'Range: Jun 1, 2026 – Jun 7, 2026 (7 days)'. */
export function rangeLine({ from, to, days }: ReportView['range']): string {
  return t('report.rangeLine', { range: rangeText(from, to), days: daysText(days) });
}

/** The age a measurement was taken at, in days: '90 days'. */
export const measuredAgeText = (ageDays: number): string => daysText(ageDays);
