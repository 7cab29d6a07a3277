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
import { useT } from '../../../lib/i18n/i18n-store.ts';

// apexcharts is by far the largest library of the app: it loads with the charts, never before.
const WeeklyCharts = lazy(() => import('./weekly-charts.tsx'));

const OVERVIEW_DAYS = 7;
const CORRELATION_DAYS = 30;

export function InsightsError({ message }: { message: string }) {
  const navigate = useNavigate();
  const t = useT();
  return (
    <ErrorState title={t('insights.errorTitle')} message={message}>
      <Button variant="secondary" onClick={() => void navigate('/')}>
        {t('insights.back')}
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
  const t = useT();

  if (daily.isPending || correlations.isPending) return <LoadingState message={t('insights.loading')} />;
  if (daily.isError || correlations.isError) {
    return <InsightsError message={errorMessage(daily.error ?? correlations.error, t('insights.noData'))} />;
  }

  return (
    <div className="page insights-page">
      <div className="page-header insights-header">
        <Button variant="ghost" className="back-button" onClick={() => void navigate('/')}>
          {`← ${t('insights.back')}`}
        </Button>
        <h1 className="page-title">{t('insights.title', { name: child.displayName || t('child.baby') })}</h1>
        <p className="page-subtitle">{t('insights.subtitle')}</p>
      </div>
      <Card title={t('insights.weeklyOverview')}>
        <Suspense fallback={<LoadingState message={t('insights.loadingCharts')} />}>
          <WeeklyCharts days={daily.data.days} unit={volume} />
        </Suspense>
      </Card>
      <Card title={t('insights.patterns')}>
        <PatternInsights correlations={correlations.data} />
      </Card>
      <Card title={t('insights.dailySummaries')}>
        <DailySummariesTable days={daily.data.days} unit={volume} />
      </Card>
      {children}
    </div>
  );
}
