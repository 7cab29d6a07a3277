import { ScrollTable } from '../../../components/scroll-table.tsx';
import { formatWallClockTime } from '../../../lib/local-date.ts';
import { volumeValue } from '../../../lib/units.ts';
import type { DailyInsights, VolumeUnit } from '../../../types/api.ts';
import { formatHours, shortDayLabel } from '../lib/insights-format.ts';

function averageInterval(minutes: number | null): string {
  return minutes === null ? '-' : `${(minutes / 60).toFixed(1)} h avg`;
}

/** One row per day, newest first. */
export function DailySummariesTable({ days, unit = 'oz' }: { days: readonly DailyInsights[]; unit?: VolumeUnit }) {
  const newestFirst = [...days].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  return (
    <ScrollTable label="Scrollable table of the days">
      <table className="data-table daily-table">
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">{`Total ${unit}`}</th>
            <th scope="col">Feeds</th>
            <th scope="col">Day Sleep</th>
            <th scope="col">Night Sleep</th>
            <th scope="col">Bedtime</th>
            <th scope="col">First Stretch</th>
          </tr>
        </thead>
        <tbody>
          {newestFirst.map((day) => (
            <tr key={day.date}>
              <th scope="row">{shortDayLabel(day.date)}</th>
              <td>{unit === 'oz' ? day.feeding.totalOz24h.toFixed(1) : volumeValue(day.feeding.totalOz24h, unit)}</td>
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
