// The '/' route: composes the children, dashboard, insights, entries and milestones features,
// which do not know each other. Everything it shows is built inside those features.
import { useIsMutating } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Button } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { LoadingState } from '../../components/loading-state.tsx';
import { NoChildrenState } from '../../components/no-children-state.tsx';
import { useLiveUpdates } from '../../hooks/use-live-updates.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { browserTimeZone, toLocalDateString, todayIn } from '../../lib/local-date.ts';
import type { Child } from '../../types/api.ts';
import { useChildren } from '../../features/children/api/get-children.ts';
import { useGlance } from '../../features/dashboard/api/get-glance.ts';
import { useInsightsSummary } from '../../features/dashboard/api/get-insights-summary.ts';
import { useRecentEntries } from '../../features/dashboard/api/get-recent-entries.ts';
import { useWeeklyInsights } from '../../features/dashboard/api/get-weekly-insights.ts';
import { DashboardHeader } from '../../features/dashboard/components/dashboard-header.tsx';
import { NextNapLine, SinceLastLine } from '../../features/dashboard/components/glance-lines.tsx';
import { TodaySummary } from '../../features/dashboard/components/today-summary.tsx';
import { WeeklyTable } from '../../features/dashboard/components/weekly-table.tsx';
import { useNow } from '../../features/dashboard/hooks/use-now.ts';
import { sameHours } from '../../features/dashboard/lib/same-hours.ts';
import { TREND_BASELINE_DAYS } from '../../features/dashboard/lib/trend.ts';
import { addDays } from '@nightlight/domain/time/zoned-time';
import { entryTypeOf, type EntryKind } from '@nightlight/domain/entries/entry-kinds';
import { createEntryMutationKey } from '../../features/entries/api/create-entry.ts';
import { EntryKindIcon } from '../../features/entries/components/entry-icon.tsx';
import { EntryList } from '../../features/entries/components/entry-list.tsx';
import { useDayEntries } from '../../features/entries/hooks/use-day-entries.ts';
import { WEB_ENTRY_KIND_LIST } from '../../features/entries/kinds/all-entry-kinds.ts';
import type { WebEntryKind } from '../../features/entries/kinds/web-entry-kind.ts';
import { useDailyInsights } from '../../features/insights/api/get-daily-insights.ts';
import { MilestoneAlertDialog } from '../../features/milestones/components/milestone-alert-dialog.tsx';
import { SameAsLastButton } from '../../features/timers/components/same-as-last-button.tsx';
import { TimerPanel } from '../../features/timers/components/timer-panel.tsx';
import { kindText } from '../../lib/i18n/kind-texts.ts';
import '../../styles/dashboard.css';
import { useT } from '../../lib/i18n/i18n-store.ts';

/** The dashboard keeps only the recent sleeps of today. */
const TIMELINE_SLEEP_LIMIT = 20;

function DashboardError({ error }: { error: unknown }) {
  const t = useT();
  return (
    <ErrorState
      title={t('dashboard.errorTitle')}
      message={errorMessage(error, t('dashboard.errorText'))}
      onRetry={() => window.location.reload()}
    />
  );
}

export function DashboardRoute() {
  const children = useChildren();
  // Joining a family lands here with its child chosen.
  const joined = (useLocation().state as { childId?: string } | null)?.childId ?? null;
  const [selectedChildId, setSelectedChildId] = useState<string | null>(joined);
  const t = useT();

  if (children.isPending) return <LoadingState message={t('dashboard.loading')} />;
  if (children.isError) return <DashboardError error={children.error} />;

  // The first child is the selection until the parent picks another.
  const child = children.data.find((candidate) => candidate.id === selectedChildId) ?? children.data[0];
  if (!child) return <NoChildrenState title={t('nav.dashboard')} />;

  return <ChildDashboard child={child} childList={children.data} onSelectChild={setSelectedChildId} />;
}

/**
 * Everything 'Today's Summary' and 'Last 7 Days' show; the arrows compare today so far with the
 * same hours of the earlier days, from their feedings and sleeps (in the child's zone).
 */
function useDashboardInsights(child: Child, today: string, now: Date) {
  const childId = child.id;
  const tz = browserTimeZone();
  const summary = useInsightsSummary({ childId, from: today, to: today, tz });
  const daily = useDailyInsights({ childId, days: 1, tz });
  const childToday = todayIn(child.timezone, now);
  // From the day before the first compared: its night runs into that day's morning.
  const recent = useRecentEntries(childId, addDays(childToday, -(TREND_BASELINE_DAYS + 1)), childToday);
  const weekly = useWeeklyInsights({ childId, tz });
  return {
    summary: summary.data,
    daily: daily.data,
    weekly: weekly.data,
    sameHours: recent && sameHours(now, child.timezone, TREND_BASELINE_DAYS, recent.feedings, recent.sleeps),
    isPending: summary.isPending || daily.isPending || weekly.isPending,
    error: summary.error ?? daily.error ?? weekly.error,
  };
}

type ChildDashboardProps = { child: Child; childList: readonly Child[]; onSelectChild: (childId: string) => void };

function ChildDashboard({ child, childList, onSelectChild }: ChildDashboardProps) {
  const now = useNow();
  const today = toLocalDateString(now);
  const insights = useDashboardInsights(child, today, now);
  const day = useDayEntries({ childId: child.id, date: today, limits: { sleep: TIMELINE_SLEEP_LIMIT } });
  const glance = useGlance(child.id).data;
  useLiveUpdates(child.id);
  const [openDialog, setOpenDialog] = useState<EntryKind | null>(null);
  const closeDialog = () => setOpenDialog(null);
  const t = useT();

  let content;
  if (insights.isPending || day.isPending) {
    content = <LoadingState message={t('dashboard.loading')} />;
  } else if (insights.error || day.error) {
    content = <DashboardError error={insights.error ?? day.error} />;
  } else if (insights.summary && insights.daily && insights.weekly) {
    content = (
      <>
        <TodaySummary summary={insights.summary} daily={insights.daily} weekly={insights.weekly} sameHours={insights.sameHours} />
        <WeeklyTable rows={insights.weekly} />
        <Card title={t('dashboard.timeline')} className="timeline-card">
          <EntryList
            childId={child.id}
            editable
            entries={day.entries}
            label={t('dashboard.timelineLabel')}
            emptyTitle={t('dashboard.timelineEmpty')}
            emptyHint={t('dashboard.timelineHint')}
          />
        </Card>
      </>
    );
  }

  return (
    <div className="page dashboard-page">
      <DashboardHeader child={child} childList={childList} onSelectChild={onSelectChild} now={now} />
      {glance && (
        <div className="glance">
          <SinceLastLine glance={glance} now={now} />
          <NextNapLine glance={glance} now={now} />
          {WEB_ENTRY_KIND_LIST.map(({ kind, Glance }) => Glance && <Glance key={kind} child={child} now={now} />)}
        </div>
      )}
      {/* Everything that logs, in one group near the top: it scrolls with the page and covers nothing. */}
      <Card title={t('dashboard.log')} className="log-card">
        <div className="quick-actions" role="group" aria-label={t('dashboard.addEntry')}>
          {WEB_ENTRY_KIND_LIST.map((kind) => (
            <AddEntryButton key={kind.kind} kind={kind} onClick={() => setOpenDialog(kind.kind)} />
          ))}
        </div>
        {/* Keyed by child: a half-made choice or a toast belongs to the child it was made for. */}
        <TimerPanel key={child.id} childId={child.id}>
          <SameAsLastButton childId={child.id} lastBottle={glance?.lastBottle ?? null} />
        </TimerPanel>
      </Card>
      {content}
      {WEB_ENTRY_KIND_LIST.map(({ kind, AddDialog }) => (
        <AddDialog key={kind} open={openDialog === kind} onClose={closeDialog} childId={child.id} />
      ))}
      <MilestoneAlertDialog childId={child.id} />
    </div>
  );
}

/** A kind's Add button, 'Adding...' while one of its entries is being saved. */
function AddEntryButton({ kind, onClick }: { kind: WebEntryKind; onClick: () => void }) {
  const saving = useIsMutating({ mutationKey: createEntryMutationKey(kind.kind) }) > 0;
  const t = useT();
  return (
    <Button variant={kind.quiet ? 'secondary' : undefined} className="add-entry-button" onClick={onClick} disabled={saving}>
      <EntryKindIcon type={entryTypeOf(kind.kind)} className="button-icon" />
      <span>{saving ? t('entry.adding') : kindText(kind.kind, 'add', kind.add)}</span>
    </Button>
  );
}
