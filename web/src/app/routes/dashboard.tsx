// The '/' route module: it composes the dashboard, entries and milestones features, which do
// not know each other. Everything it shows is built inside those features.
import { useIsMutating } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { Card } from '../../../components/card.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { NoChildrenState } from '../../../components/no-children-state.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { browserTimeZone, toLocalDateString } from '../../../lib/local-date.ts';
import type { Child } from '../../../types/api.ts';
import { createFeedingMutationKey } from '../../entries/api/create-feeding.ts';
import { createSleepMutationKey } from '../../entries/api/create-sleep.ts';
import { AddFeedingDialog } from '../../entries/components/add-feeding-dialog.tsx';
import { AddSleepDialog } from '../../entries/components/add-sleep-dialog.tsx';
import { EntryList } from '../../entries/components/entry-list.tsx';
import { useDayEntries } from '../../entries/hooks/use-day-entries.ts';
import { MilestoneAlertDialog } from '../../milestones/components/milestone-alert-dialog.tsx';
import { useChildren } from '../../onboarding/api/get-children.ts';
import { useDashboardInsights } from '../hooks/use-dashboard-insights.ts';
import { useNow } from '../hooks/use-now.ts';
import { DashboardHeader } from './dashboard-header.tsx';
import { TodaySummary } from './today-summary.tsx';
import { WeeklyTable } from './weekly-table.tsx';
import '../../../styles/dashboard.css';

/** The dashboard keeps only the recent sleeps of today. */
const TIMELINE_SLEEP_LIMIT = 20;

function DashboardError({ error }: { error: unknown }) {
  return (
    <ErrorState
      title="Error Loading Data"
      message={errorMessage(error, 'Unable to load dashboard data')}
      onRetry={() => window.location.reload()}
    />
  );
}

export default function DashboardPage() {
  const children = useChildren();
  const [selectedChildId, setSelectedChildId] = useState<string | null>(null);

  if (children.isPending) return <LoadingState message="Loading dashboard..." />;
  if (children.isError) return <DashboardError error={children.error} />;

  // The first child is the selection until the parent picks another.
  const child = children.data.find((candidate) => candidate.id === selectedChildId) ?? children.data[0];
  if (!child) return <NoChildrenState />;

  return <ChildDashboard child={child} childList={children.data} onSelectChild={setSelectedChildId} />;
}

type ChildDashboardProps = { child: Child; childList: readonly Child[]; onSelectChild: (childId: string) => void };

function ChildDashboard({ child, childList, onSelectChild }: ChildDashboardProps) {
  const now = useNow();
  const today = toLocalDateString(now);
  const insights = useDashboardInsights({ childId: child.id, today, tz: browserTimeZone() });
  const day = useDayEntries({ childId: child.id, date: today, sleepLimit: TIMELINE_SLEEP_LIMIT });
  const [openDialog, setOpenDialog] = useState<'feeding' | 'sleep' | null>(null);
  const savingFeeding = useIsMutating({ mutationKey: createFeedingMutationKey }) > 0;
  const savingSleep = useIsMutating({ mutationKey: createSleepMutationKey }) > 0;
  const closeDialog = () => setOpenDialog(null);

  let content;
  if (insights.isPending || day.isPending) {
    content = <LoadingState message="Loading dashboard..." />;
  } else if (insights.error || day.error) {
    content = <DashboardError error={insights.error ?? day.error} />;
  } else if (insights.summary && insights.daily && insights.weekly) {
    content = (
      <>
        <TodaySummary summary={insights.summary} daily={insights.daily} weekly={insights.weekly} />
        <WeeklyTable rows={insights.weekly} />
        <Card title="Today's Activity Timeline" className="timeline-card">
          <EntryList
            childId={child.id}
            entries={day.entries}
            label="Today's activities"
            emptyTitle="No activities today"
            emptyHint="Start by adding a feeding or sleep session above."
          />
        </Card>
      </>
    );
  }

  return (
    <div className="page dashboard-page">
      <DashboardHeader child={child} childList={childList} onSelectChild={onSelectChild} now={now} />
      {/* A bar fixed to the bottom on phones, where thumbs reach; inline on wider screens. */}
      <div className="quick-actions">
        <Button onClick={() => setOpenDialog('feeding')} disabled={savingFeeding}>
          {savingFeeding ? 'Adding...' : 'Add Feeding'}
        </Button>
        <Button onClick={() => setOpenDialog('sleep')} disabled={savingSleep}>
          {savingSleep ? 'Adding...' : 'Add Sleep'}
        </Button>
      </div>
      {content}
      <AddFeedingDialog open={openDialog === 'feeding'} onClose={closeDialog} childId={child.id} />
      <AddSleepDialog open={openDialog === 'sleep'} onClose={closeDialog} childId={child.id} />
      <MilestoneAlertDialog childId={child.id} />
    </div>
  );
}
