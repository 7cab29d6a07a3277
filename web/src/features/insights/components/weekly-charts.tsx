import type { ApexOptions } from 'apexcharts';
import Chart from 'react-apexcharts';
import { chartTheme } from '../../../lib/chart-theme.ts';
import type { DailyInsights, VolumeUnit } from '../../../types/api.ts';
import { fullDateLabel, shortDayLabel, weeklySeries } from '../lib/insights-format.ts';
import { formatFigure, useT } from '../../../lib/i18n/i18n-store.ts';

export const OUNCES_COLOR = '#2563eb';
export const NIGHT_STRETCH_COLOR = '#16a34a';

/**
 * Points with no value on either side. A line needs two points, so apexcharts draws nothing for a
 * lone one (one night logged in the week), and the chart would look empty beside a table that shows
 * it: such points get a marker of their own and their value written beside it.
 */
export function isolatedPoints(data: readonly (number | null)[]): number[] {
  return data.flatMap((value, index) => (value !== null && (data[index - 1] ?? null) === null && (data[index + 1] ?? null) === null ? [index] : []));
}

type LineChartProps = {
  title: string;
  seriesName: string;
  data: (number | null)[];
  days: readonly DailyInsights[];
  color: string;
  unit: string;
  decimals: number;
};

function LineChart({ title, seriesName, data, days, color, unit, decimals }: LineChartProps) {
  const format = (value: number) => `${formatFigure(value, decimals)} ${unit}`;
  const isolated = isolatedPoints(data);
  const options: ApexOptions = {
    chart: { id: seriesName, toolbar: { show: false }, zoom: { enabled: false }, background: 'transparent', fontFamily: 'inherit' },
    ...chartTheme(),
    colors: [color],
    stroke: { curve: 'smooth', width: 3 },
    markers: {
      size: 4,
      discrete: isolated.map((dataPointIndex) => ({ seriesIndex: 0, dataPointIndex, size: 6, fillColor: color, strokeColor: color })),
    },
    dataLabels: {
      enabled: isolated.length > 0,
      formatter: (value, context?: { dataPointIndex?: number }) => (isolated.includes(context?.dataPointIndex ?? -1) && typeof value === 'number' ? format(value) : ''),
    },
    xaxis: { categories: days.map((day) => shortDayLabel(day.date)) },
    yaxis: { min: 0, forceNiceScale: true, labels: { formatter: (value) => format(value) } },
    tooltip: {
      x: { formatter: (_value, opts?: { dataPointIndex?: number }) => fullDateLabel(days[opts?.dataPointIndex ?? 0]?.date ?? '') },
      y: { formatter: (value) => (value === null || value === undefined ? '-' : format(value)) },
    },
  };
  return (
    <figure className="chart-figure">
      <figcaption className="chart-title">{title}</figcaption>
      <Chart type="line" height={240} series={[{ name: seriesName, data }]} options={options} />
    </figure>
  );
}

/** The Weekly Overview's two line charts, oldest day first. Loaded on its own: apexcharts is large. */
export default function WeeklyCharts({ days, unit = 'oz' }: { days: readonly DailyInsights[]; unit?: VolumeUnit }) {
  const ascending = [...days].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const series = weeklySeries(ascending, unit);
  const t = useT();
  return (
    <div className="chart-grid">
      <LineChart
        title={t('charts.totalPerDay', { unit })}
        seriesName={t('daily.total', { unit })}
        data={series.amount}
        days={ascending}
        color={OUNCES_COLOR}
        unit={unit}
        decimals={unit === 'oz' ? 1 : 0}
      />
      <LineChart
        title={t('charts.longestStretch')}
        seriesName={t('charts.longestStretchSeries')}
        data={series.longestNightStretch}
        days={ascending}
        color={NIGHT_STRETCH_COLOR}
        unit="h"
        decimals={1}
      />
    </div>
  );
}
