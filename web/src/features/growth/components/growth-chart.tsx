import type { ApexOptions } from 'apexcharts';
import Chart from 'react-apexcharts';
import { fromMetric } from '@nightlight/domain/units/growth-units';
import type { GrowthCurves, GrowthMeasurement, GrowthUnits } from '../../../types/api.ts';
import { MEASURES, unitOf, type Measure } from '../lib/measures.ts';
import { chartTheme } from '../../../lib/chart-theme.ts';
import { formatFigure, useT } from '../../../lib/i18n/i18n-store.ts';

const DAYS_PER_MONTH = 30.4375;
/** One colour per WHO curve (3rd, 15th, 50th, 85th, 97th), the outer ones dashed: each its own legend entry. */
const CURVE_COLORS = ['#b45309', '#0891b2', '#16a34a', '#7c3aed', '#be185d'];
const CURVE_DASHES = [6, 3, 0, 3, 6];
const CHILD_COLOR = '#4f46e5';

type GrowthChartProps = { measure: Measure; measurements: readonly GrowthMeasurement[]; curves: GrowthCurves; units: GrowthUnits };

/**
 * The child's measurements (months on the x axis) over the WHO 3rd, 15th, 50th, 85th and 97th
 * percentile curves of its sex, drawn up to a little past the oldest measurement.
 */
export default function GrowthChart({ measure, measurements, curves, units }: GrowthChartProps) {
  const t = useT();
  const label = t(MEASURES[measure].label);
  const { valueOf } = MEASURES[measure];
  const unit = unitOf(measure, units);
  const points = measurements.flatMap((m) => {
    const value = valueOf(m);
    return value === null ? [] : [{ x: Math.round((m.ageDays / DAYS_PER_MONTH) * 10) / 10, y: fromMetric(measure, value, units) }];
  });
  const lastMonth = Math.min(60, Math.max(6, Math.ceil(Math.max(0, ...points.map((p) => p.x)) + 3)));
  const curvePoints = curves[measure].filter((point) => point.month <= lastMonth);
  const series = [
    ...curves.percentiles.map((percentile, index) => ({
      name: t('growth.percentileCurve', { n: percentile }),
      type: 'line',
      data: curvePoints.map((point) => ({ x: point.month, y: point.values[index] === undefined ? null : fromMetric(measure, point.values[index], units) })),
    })),
    { name: label, type: 'scatter', data: points },
  ];
  const options: ApexOptions = {
    chart: { id: `growth-${measure}`, toolbar: { show: false }, zoom: { enabled: false }, background: 'transparent', fontFamily: 'inherit', animations: { enabled: false } },
    ...chartTheme(),
    colors: [...CURVE_COLORS.slice(0, curves.percentiles.length), CHILD_COLOR],
    stroke: { width: [...curves.percentiles.map(() => 1.5), 0], dashArray: [...CURVE_DASHES.slice(0, curves.percentiles.length), 0], curve: 'smooth' },
    markers: { size: [...curves.percentiles.map(() => 0), 6] },
    legend: { show: true, position: 'bottom' },
    xaxis: { type: 'numeric', min: 0, max: lastMonth, tickAmount: Math.min(12, lastMonth), title: { text: t('growth.ageMonths') }, labels: { formatter: (value) => String(Math.round(Number(value))) } },
    yaxis: { forceNiceScale: true, labels: { formatter: (value) => `${formatFigure(value, Number.isInteger(Math.round(value * 10) / 10) ? 0 : 1)} ${unit}` } },
    tooltip: { shared: false, x: { formatter: (value) => t('growth.months', { months: value }) } },
  };
  return (
    <figure className="chart-figure">
      <figcaption className="chart-title">{t('growth.chartTitle', { measure: label })}</figcaption>
      <Chart type="line" height={280} series={series} options={options} />
    </figure>
  );
}
