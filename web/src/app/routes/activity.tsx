// The '/activity' route: a date picker and the child picker (children feature) around the entries
// feature's day list.
import { useState } from 'react';
import { Card } from '../../components/card.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { LoadingState } from '../../components/loading-state.tsx';
import { NoChildrenState } from '../../components/no-children-state.tsx';
import { Select } from '../../components/select.tsx';
import { TextField } from '../../components/text-field.tsx';
import { useLiveUpdates } from '../../hooks/use-live-updates.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { formatLocalDate, todayLocalDate } from '../../lib/local-date.ts';
import type { Child } from '../../types/api.ts';
import { useChildren } from '../../features/children/api/get-children.ts';
import { EntryList } from '../../features/entries/components/entry-list.tsx';
import { useDayEntries } from '../../features/entries/hooks/use-day-entries.ts';
import '../../styles/dashboard.css';

/** The log shows up to this many sleeps of the chosen day. */
const LOG_SLEEP_LIMIT = 50;

function ActivityError({ error }: { error: unknown }) {
  return (
    <ErrorState
      title="Error Loading Data"
      message={errorMessage(error, 'Unable to load activity data')}
      onRetry={() => window.location.reload()}
    />
  );
}

export function ActivityRoute() {
  const children = useChildren();
  const [selectedChildId, setSelectedChildId] = useState<string | null>(null);
  const today = todayLocalDate();
  const [date, setDate] = useState(today);

  let body;
  if (children.isPending) {
    body = <LoadingState message="Loading activities..." />;
  } else if (children.isError) {
    body = <ActivityError error={children.error} />;
  } else {
    const child = children.data.find((candidate) => candidate.id === selectedChildId) ?? children.data[0];
    body = child ? (
      <>
        <div className="activity-filters">
          <TextField
            label="Date"
            type="date"
            max={today}
            value={date}
            onChange={(event) => {
              // A half-typed date reads as ''; keep the last full one. The future holds no entries.
              if (event.target.value) setDate(event.target.value > today ? today : event.target.value);
            }}
          />
          {children.data.length > 1 && (
            <Select
              label="Child"
              value={child.id}
              options={children.data.map((option) => ({ value: option.id, label: option.displayName || 'Baby' }))}
              onChange={(event) => setSelectedChildId(event.target.value)}
            />
          )}
        </div>
        <ActivityDay child={child} date={date} isToday={date === today} />
      </>
    ) : (
      <NoChildrenState />
    );
  }

  return (
    <div className="page activity-page">
      <h1 className="page-title">Activity Log</h1>
      {body}
    </div>
  );
}

function ActivityDay({ child, date, isToday }: { child: Child; date: string; isToday: boolean }) {
  const day = useDayEntries({ childId: child.id, date, limits: { sleep: LOG_SLEEP_LIMIT } });
  useLiveUpdates(child.id);
  const longDate = formatLocalDate(date, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });

  return (
    <Card title={longDate} className="activity-day">
      {day.isPending ? (
        <LoadingState message="Loading activities..." />
      ) : day.error ? (
        <ActivityError error={day.error} />
      ) : (
        <EntryList
          childId={child.id}
          entries={day.entries}
          label={`Activities on ${longDate}`}
          editable
          emptyTitle="No activities on this date"
          emptyHint={isToday ? 'Start by adding a feeding or sleep session.' : 'Try selecting a different date.'}
        />
      )}
    </Card>
  );
}

