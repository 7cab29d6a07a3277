import { lazy, Suspense, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/button.tsx';
import { Card } from '../../../components/card.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { useUnits } from '../../../hooks/use-units.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { browserTimeZone } from '../../../lib/local-date.ts';
import type { Child } from '../../../types/api.ts';
import { useCorrelations } from '../api/get-correlations.ts';
import { useDailyInsights } from '../api/get-daily-insights.ts';
import { DailySummariesTable } from './daily-summaries-table.tsx';
import { PatternInsights } from './pattern-insights.tsx';
import '../../../styles/insights.css';

// apexcharts is by far the largest library of the app: it loads with the charts, never before.
const WeeklyCharts = lazy(() => import('./weekly-charts.tsx'));

const OVERVIEW_DAYS = 7;
const CORRELATION_DAYS = 30;

export function InsightsError({ message }: { message: string }) {
  const navigate = useNavigate();
  return (
    <ErrorState title="Unable to Load Insights" message={message}>
      <Button variant="secondary" onClick={() => void navigate('/')}>
        Back to Dashboard
      </Button>
    </ErrorState>
  );
}

/** Weekly Overview, Pattern Insights and Daily Summaries of one child, then the sections the route adds (growth). */
export function ChildInsights({ child, children }: { child: Child; children?: ReactNode }) {
  const navigate = useNavigate();
  const daily = useDailyInsights({ childId: child.id, days: OVERVIEW_DAYS, tz: browserTimeZone() });
  const correlations = useCorrelations({ childId: child.id, days: CORRELATION_DAYS });
  const { volume } = useUnits();

  if (daily.isPending || correlations.isPending) return <LoadingState message="Loading insights..." />;
  if (daily.isError || correlations.isError) {
    return <InsightsError message={errorMessage(daily.error ?? correlations.error, 'No child data available')} />;
  }

  return (
    <div className="page insights-page">
      <div className="page-header insights-header">
        <Button variant="ghost" className="back-button" onClick={() => void navigate('/')}>
          ← Back to Dashboard
        </Button>
        <h1 className="page-title">{`${child.displayName || 'Baby'}'s Insights`}</h1>
        <p className="page-subtitle">Data-driven insights from feeding and sleep patterns</p>
      </div>
      <Card title="Weekly Overview">
        <Suspense fallback={<LoadingState message="Loading charts..." />}>
          <WeeklyCharts days={daily.data.days} unit={volume} />
        </Suspense>
      </Card>
      <Card title="Pattern Insights">
        <PatternInsights correlations={correlations.data} />
      </Card>
      <Card title="Daily Summaries">
        <DailySummariesTable days={daily.data.days} unit={volume} />
      </Card>
      {children}
    </div>
  );
}
