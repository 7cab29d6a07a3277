import { useId } from 'react';
import { Card } from '../../../components/card.tsx';
import { useUnits } from '../../../hooks/use-units.ts';
import type { DailyInsightsResponse, InsightsSummary, WeeklyRow } from '../../../types/api.ts';
import { buildStatCards, type SameHoursComparison } from '../lib/stat-cards.ts';
import { describeTrend } from '../lib/trend.ts';
import { useT } from '../../../lib/i18n/i18n-store.ts';

type TodaySummaryProps = { summary: InsightsSummary; daily: DailyInsightsResponse; weekly: readonly WeeklyRow[]; sameHours: SameHoursComparison | null };

export function TodaySummary({ summary, daily, weekly, sameHours }: TodaySummaryProps) {
  const cards = buildStatCards(summary, daily, weekly, useUnits().volume, sameHours);
  const idPrefix = useId();
  const t = useT();
  return (
    <Card title={t('dashboard.todaySummary')} className="today-summary">
      <ul className="stat-grid">
        {cards.map((card, index) => (
          <li key={card.label} className="stat-card" aria-labelledby={`${idPrefix}-${index}`}>
            <p id={`${idPrefix}-${index}`} className="stat-label">
              {card.label}
            </p>
            <p className="stat-value">{card.value}</p>
            {card.detail && <p className="stat-detail">{card.detail}</p>}
            {card.trend && <p className={`stat-trend trend-${card.trend.direction}`}>{describeTrend(card.trend)}</p>}
          </li>
        ))}
      </ul>
    </Card>
  );
}
