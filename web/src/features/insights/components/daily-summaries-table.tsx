import { ScrollTable } from '../../../components/scroll-table.tsx';
import { formatWallClockTime } from '../../../lib/local-date.ts';
import { volumeValue } from '../../../lib/units.ts';
import type { DailyInsights, VolumeUnit } from '../../../types/api.ts';
import { formatHours, shortDayLabel } from '../lib/insights-format.ts';
import { formatFigure, t, useT } from '../../../lib/i18n/i18n-store.ts';

function averageInterval(minutes: number | null): string {
  return minutes === null ? '-' : t('daily.intervalAvg', { hours: formatFigure(minutes / 60, 1) });
}

/** One row per day, newest first. */
export function DailySummariesTable({ days, unit = 'oz' }: { days: readonly DailyInsights[]; unit?: VolumeUnit }) {
  const t = useT();
  const newestFirst = [...days].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  return (
    <ScrollTable label={t('daily.tableLabel')}>
      <table className="data-table daily-table">
        <thead>
          <tr>
            <th scope="col">{t('daily.date')}</th>
            <th scope="col">{t('daily.total', { unit })}</th>
            <th scope="col">{t('weekly.feeds')}</th>
            <th scope="col">{t('daily.daySleep')}</th>
            <th scope="col">{t('daily.nightSleep')}</th>
            <th scope="col">{t('daily.bedtime')}</th>
            <th scope="col">{t('daily.firstStretch')}</th>
          </tr>
        </thead>
        <tbody>
          {newestFirst.map((day) => (
            <tr key={day.date}>
              <th scope="row">{shortDayLabel(day.date)}</th>
              <td>{formatFigure(volumeValue(day.feeding.totalOz24h, unit), unit === 'oz' ? 1 : 0)}</td>
              <td>{averageInterval(day.feeding.avgIntervalMins)}</td>
              <td>{formatHours(day.sleep.totalDayMins)}</td>
              <td>{formatHours(day.sleep.totalNightMins)}</td>
              <td>{day.sleep.bedtimeWindow.earliest ? formatWallClockTime(day.sleep.bedtimeWindow.earliest) : '-'}</td>
              <td>{formatHours(day.sleep.longestNightStretchMins)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}
