import { Card } from '../../../components/card.tsx';
import { useUnits } from '../../../hooks/use-units.ts';
import { formatLocalDate } from '../../../lib/local-date.ts';
import { formatVolumeFigure } from '../../../lib/units.ts';
import { weeklyNoteText } from '../../../lib/i18n/api-texts.ts';
import type { WeeklyRow } from '../../../types/api.ts';
import { useT } from '../../../lib/i18n/i18n-store.ts';

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
  const t = useT();
  const hasData = rows.some((row) => row.note !== NO_DATA_NOTE || row.diapers > 0);
  return (
    <Card title={t('weekly.title')} className="weekly-card">
      {hasData ? (
        // One block per day on a phone (stacked-table): all six columns readable at 320 px.
        <table className="data-table weekly-table stacked-table">
          <thead>
            <tr>
              <th scope="col">{t('weekly.day')}</th>
              <th scope="col">{t('weekly.feeds')}</th>
              <th scope="col">{t('weekly.amount')}</th>
              <th scope="col">{t('weekly.sleep')}</th>
              <th scope="col">{t('weekly.diapers')}</th>
              <th scope="col">{t('weekly.notes')}</th>
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
                  <span className="weekly-day">{formatLocalDate(row.date, { weekday: 'short' })}</span>{' '}
                  <span className="weekly-date">{formatLocalDate(row.date, { month: 'short', day: 'numeric' })}</span>
                  {row.isToday && <span className="badge badge-today">{t('weekly.today')}</span>}
                </th>
                <td data-label={t('weekly.feeds')}>
                  <span className={`badge feeds-badge feeds-${feedsTier(row.feeds)}`}>{row.feeds}</span>
                </td>
                <td data-label={t('weekly.amount')}>{formatVolumeFigure(Number(volume === 'oz' ? row.totalOz : row.totalMl), volume)}</td>
                <td data-label={t('weekly.sleep')}>{row.sleepHours}</td>
                <td data-label={t('weekly.diapers')}>{row.diapers}</td>
                <td className="weekly-note">{weeklyNoteText(row.note)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <div className="empty-state">
          <h3 className="empty-title">{t('weekly.empty')}</h3>
          <p>{t('weekly.emptyHint')}</p>
        </div>
      )}
    </Card>
  );
}
