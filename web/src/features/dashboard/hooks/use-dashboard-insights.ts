import { useDailyInsights } from '../api/get-daily-insights.ts';
import { useInsightsSummary } from '../api/get-insights-summary.ts';
import { useWeeklyInsights } from '../api/get-weekly-insights.ts';

/** Trend arrows compare today with this many earlier days. */
export const TREND_BASELINE_DAYS = 7;

export type DashboardInsightsParams = { childId: string; today: string; tz: string };

/**
 * Everything 'Today's Summary' and 'Last 7 Days' show. The daily insights run over today plus
 * the seven days before it, because the trend baseline is the previous seven days.
 */
export function useDashboardInsights({ childId, today, tz }: DashboardInsightsParams) {
  const summary = useInsightsSummary({ childId, from: today, to: today, tz });
  const daily = useDailyInsights({ childId, days: TREND_BASELINE_DAYS + 1, tz });
  const weekly = useWeeklyInsights({ childId, tz });
  return {
    summary: summary.data,
    daily: daily.data,
    weekly: weekly.data,
    isPending: summary.isPending || daily.isPending || weekly.isPending,
    error: summary.error ?? daily.error ?? weekly.error,
  };
}
