import { Card } from '../../../components/card.tsx';
import { useUnits } from '../../../hooks/use-units.ts';
import { formatLocalDate } from '../../../lib/local-date.ts';
import type { WeeklyRow } from '../../../types/api.ts';

const NO_DATA_NOTE = 'No data';

/** Badge tiers for the number of feeds in a day: more than 8, more than 5, the rest. */
function feedsTier(feeds: number): 'high' | 'medium' | 'low' {
  if (feeds > 8) return 'high';
  if (feeds > 5) return 'medium';
  return 'low';
}

export function WeeklyTable({ rows }: { rows: readonly WeeklyRow[] }) {
  // A week of diaper changes alone is data too, though its notes say 'No data' (they judge feeds and sleep).
  const { volume } = useUnits();
  const hasData = rows.some((row) => row.note !== NO_DATA_NOTE || row.diapers > 0);
  return (
    <Card title="Last 7 Days" className="weekly-card">
      {hasData ? (
        // One block per day on a phone (stacked-table): all six columns readable at 320 px.
        <table className="data-table weekly-table stacked-table">
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Feeds</th>
              <th scope="col">Amount</th>
              <th scope="col">Sleep</th>
              <th scope="col">Diapers</th>
              <th scope="col">Notes</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.date}
                className={[row.isWeekend ? 'weekend-row' : '', row.isToday ? 'today-row' : ''].filter(Boolean).join(' ') || undefined}
                aria-current={row.isToday ? 'date' : undefined}
              >
                <th scope="row">
                  <span className="weekly-day">{row.day}</span>{' '}
                  <span className="weekly-date">{formatLocalDate(row.date, { month: 'short', day: 'numeric' })}</span>
                  {row.isToday && <span className="badge badge-today">Today</span>}
                </th>
                <td data-label="Feeds">
                  <span className={`badge feeds-badge feeds-${feedsTier(row.feeds)}`}>{row.feeds}</span>
                </td>
                <td data-label="Amount">{volume === 'oz' ? `${row.totalOz} oz` : `${row.totalMl} mL`}</td>
                <td data-label="Sleep">{row.sleepHours}</td>
                <td data-label="Diapers">{row.diapers}</td>
                <td className="weekly-note">{row.note}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <div className="empty-state">
          <h3 className="empty-title">No data yet</h3>
          <p>Start logging activities to see your weekly trends</p>
        </div>
      )}
    </Card>
  );
}
