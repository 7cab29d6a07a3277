import { describe, expect, it } from 'vitest';
import type { ReportView } from '@nightlight/domain/reports/report';
import { figureRows } from './report-format.ts';

const stat = (mean: number, min: number, max: number) => ({ mean, min, max });
const report = {
  feeds: stat(5.3, 4, 7),
  amount: { oz: stat(16.3, 8, 22), mL: stat(483, 237, 651) },
  nursing: { left: stat(14, 12, 15), right: stat(11, 10, 12) },
  pumping: { oz: stat(1.5, 1, 2), mL: stat(45, 30, 60) },
  diapers: null,
  sleep: { day: null, night: null, longestNightStretch: null },
  tummyTime: null,
} as unknown as ReportView;

describe('figureRows', () => {
  it('gives nursing minutes per breast and the milk pumped, in the reader’s unit', () => {
    const rows = (unit: 'oz' | 'mL') => figureRows(report, unit).map((row) => [row.label, row.average, row.range]);
    expect(rows('mL').slice(2, 5)).toEqual([
      ['Nursing, left', '14 min', '12–15 min'],
      ['Nursing, right', '11 min', '10–12 min'],
      ['Pumped', '45 mL', '30–60 mL'],
    ]);
    expect(rows('oz')[4]).toEqual(['Pumped', '1.5 oz', '1.0–2.0 oz']);
  });

  it('gives the minutes on the tummy per day last, when some was logged', () => {
    expect(figureRows({ ...report, tummyTime: stat(20, 5, 30) }, 'oz').at(-1)).toEqual({ label: 'Tummy time', average: '20 min', range: '5–30 min' });
  });

  it('has no nursing or pumping rows when the range has none', () => {
    const labels = figureRows({ ...report, nursing: null, pumping: null }, 'oz').map((row) => row.label);
    expect(labels).toEqual(['Feeds', 'Bottle amount', 'Wet diapers', 'Dirty diapers', 'Day sleep', 'Night sleep']);
  });
});
