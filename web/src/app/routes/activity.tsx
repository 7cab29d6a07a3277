// The '/activity' route: a date picker with the day before and after, the child picker (children
// feature) and a filter by kind around the entries feature's day list.
import { useState } from 'react';
import type { EntryType } from '@nightlight/domain/entries/entry-kinds';
import { Card } from '../../components/card.tsx';
import { ChoiceGroup } from '../../components/choice-group.tsx';
import { NextIcon, PreviousIcon } from '../../components/icons.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { LoadingState } from '../../components/loading-state.tsx';
import { NoChildrenState } from '../../components/no-children-state.tsx';
import { Select } from '../../components/select.tsx';
import { TextField } from '../../components/text-field.tsx';
import { useLiveUpdates } from '../../hooks/use-live-updates.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { addDaysTo, formatLocalDate, todayLocalDate } from '../../lib/local-date.ts';
import type { Child } from '../../types/api.ts';
import { useChildren } from '../../features/children/api/get-children.ts';
import { EntryList } from '../../features/entries/components/entry-list.tsx';
import { useDayEntries } from '../../features/entries/hooks/use-day-entries.ts';
import { kindText } from '../../lib/i18n/kind-texts.ts';
import { WEB_ENTRY_KIND_LIST } from '../../features/entries/kinds/all-entry-kinds.ts';
import { entryKindOf, entryTypeOf } from '@nightlight/domain/entries/entry-kinds';
import { t, useT } from '../../lib/i18n/i18n-store.ts';

/** The log shows up to this many sleeps of the chosen day. */
const LOG_SLEEP_LIMIT = 50;

/** The kind filter: every kind, or one. */
type KindFilter = 'all' | EntryType;
const KIND_FILTERS: readonly KindFilter[] = ['all', ...WEB_ENTRY_KIND_LIST.map((kind) => entryTypeOf(kind.kind))];
const kindFilterLabel = (filter: KindFilter): string => {
  const kind = WEB_ENTRY_KIND_LIST.find((each) => entryTypeOf(each.kind) === filter);
  return kind ? kindText(kind.kind, 'plural', kind.plural) : t('activity.all');
};

function ActivityError({ error }: { error: unknown }) {
  const t = useT();
  return (
    <ErrorState
      title={t('dashboard.errorTitle')}
      message={errorMessage(error, t('activity.errorText'))}
      onRetry={() => window.location.reload()}
    />
  );
}

export function ActivityRoute() {
  const children = useChildren();
  const [selectedChildId, setSelectedChildId] = useState<string | null>(null);
  const today = todayLocalDate();
  const [date, setDate] = useState(today);
  const [kind, setKind] = useState<KindFilter>('all');
  const t = useT();

  let body;
  if (children.isPending) {
    body = <LoadingState message={t('activity.loading')} />;
  } else if (children.isError) {
    body = <ActivityError error={children.error} />;
  } else {
    const child = children.data.find((candidate) => candidate.id === selectedChildId) ?? children.data[0];
    body = child ? (
      <>
        <div className="activity-filters">
          <div className="day-picker">
            <button type="button" className="icon-button" aria-label={t('activity.previousDay')} title={t('activity.previousDay')} onClick={() => setDate(addDaysTo(date, -1))}>
              <PreviousIcon />
            </button>
            <TextField
              label={t('daily.date')}
              type="date"
              max={today}
              value={date}
              onChange={(event) => {
                // A half-typed date reads as ''; keep the last full one. The future holds no entries.
                if (event.target.value) setDate(event.target.value > today ? today : event.target.value);
              }}
            />
            <button type="button" className="icon-button" aria-label={t('activity.nextDay')} title={t('activity.nextDay')} disabled={date >= today} onClick={() => setDate(addDaysTo(date, 1))}>
              <NextIcon />
            </button>
          </div>
          {children.data.length > 1 && (
            <Select
              label={t('child.label')}
              value={child.id}
              options={children.data.map((option) => ({ value: option.id, label: option.displayName || t('child.baby') }))}
              onChange={(event) => setSelectedChildId(event.target.value)}
            />
          )}
          <ChoiceGroup legend={t('activity.show')} name="activity-kind" options={KIND_FILTERS} labelOf={kindFilterLabel} value={kind} onChange={setKind} />
        </div>
        <ActivityDay child={child} date={date} isToday={date === today} kind={kind} />
      </>
    ) : (
      <NoChildrenState />
    );
  }

  return (
    <div className="page activity-page">
      <h1 className="page-title">{t('route.activity')}</h1>
      {body}
    </div>
  );
}

function ActivityDay({ child, date, isToday, kind }: { child: Child; date: string; isToday: boolean; kind: KindFilter }) {
  const day = useDayEntries({ childId: child.id, date, limits: { sleep: LOG_SLEEP_LIMIT } });
  const entries = kind === 'all' ? day.entries : day.entries.filter((entry) => entry.type === kind);
  useLiveUpdates(child.id);
  const t = useT();
  const longDate = formatLocalDate(date, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });

  return (
    <Card title={longDate} className="activity-day">
      {day.isPending ? (
        <LoadingState message={t('activity.loading')} />
      ) : day.error ? (
        <ActivityError error={day.error} />
      ) : (
        <EntryList
          childId={child.id}
          entries={entries}
          label={t('activity.on', { date: longDate })}
          editable
          emptyTitle={kind === 'all' ? t('activity.none') : t('activity.noneOfKind', { kind: entryKindOf(kind) })}
          emptyHint={kind !== 'all' ? t('activity.chooseAll') : isToday ? t('activity.startHint') : t('activity.otherDate')}
        />
      )}
    </Card>
  );
}

