import type { ApexOptions } from 'apexcharts';
import Chart from 'react-apexcharts';
import type { ReportDay } from '@nightlight/domain/reports/report';
import { chartTheme } from '../../../lib/chart-theme.ts';
import { formatLocalDate } from '../../../lib/local-date.ts';
import { formatFigure, useT } from '../../../lib/i18n/i18n-store.ts';

export const FEEDS_COLOR = '#2563eb';
export const DAY_SLEEP_COLOR = '#f59e0b';
export const NIGHT_SLEEP_COLOR = '#4f46e5';
const CHART_HEIGHT = 150;

/** Hours with one decimal; a date with nothing logged has no bar. */
const hours = (day: ReportDay, mins: number): number | null => (day.hasEntries ? Math.round((mins / 60) * 10) / 10 : null);

/**
 * Small and still: printed as drawn on screen, so no animation is caught half way and no size
 * depends on the window (the sheet's CSS keeps each chart narrow enough for A4 and US Letter).
 */
function chartOptions(days: readonly ReportDay[], colors: string[], unit: string, stacked = false): ApexOptions {
  return {
    chart: { stacked, toolbar: { show: false }, zoom: { enabled: false }, animations: { enabled: false }, background: 'transparent', fontFamily: 'inherit' },
    ...chartTheme({ print: true }),
    colors,
    dataLabels: { enabled: false },
    legend: { show: colors.length > 1, position: 'top', fontSize: '11px' },
    plotOptions: { bar: { columnWidth: '70%' } },
    xaxis: {
      categories: days.map((day) => formatLocalDate(day.date, { month: 'numeric', day: 'numeric' })),
      labels: { hideOverlappingLabels: true, rotate: -45, style: { fontSize: '10px' } },
    },
    yaxis: { min: 0, forceNiceScale: true, labels: { style: { fontSize: '10px' } } },
    tooltip: { y: { formatter: (value) => (value === null || value === undefined ? '-' : `${formatFigure(value, Number.isInteger(value) ? 0 : 1)} ${unit}`) } },
    grid: { ...chartTheme({ print: true }).grid, padding: { left: 4, right: 4 } },
  };
}

/** The report's two charts, a bar per date: feeds, and sleep split into naps and night. */
export default function ReportCharts({ days }: { days: readonly ReportDay[] }) {
  const feeds = days.map((day) => (day.hasEntries ? day.feedCount : null));
  const t = useT();
  return (
    <div className="report-charts">
      <figure className="report-chart">
        <figcaption className="report-chart-title">{t('report.feedsPerDay')}</figcaption>
        <Chart type="bar" height={CHART_HEIGHT} series={[{ name: t('weekly.feeds'), data: feeds }]} options={chartOptions(days, [FEEDS_COLOR], '')} />
      </figure>
      <figure className="report-chart">
        <figcaption className="report-chart-title">{t('report.sleepPerDay')}</figcaption>
        <Chart
          type="bar"
          height={CHART_HEIGHT}
          series={[
            { name: t('report.daySleep'), data: days.map((day) => hours(day, day.dayMins)) },
            { name: t('report.nightSleep'), data: days.map((day) => hours(day, day.nightMins)) },
          ]}
          options={chartOptions(days, [DAY_SLEEP_COLOR, NIGHT_SLEEP_COLOR], 'h', true)}
        />
      </figure>
    </div>
  );
}
