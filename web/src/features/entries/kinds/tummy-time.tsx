// Tummy time in the web app: its form (Add Tummy Time and Edit Tummy Time: when it started, how
// long, a milestone seen), the write it sends, and the dashboard's line of today's minutes against
// the goal for the child's age. The rules, goal and messages that matter are the domain's.
import { useQuery } from '@tanstack/react-query';
import HandHeart from 'lucide-react/icons/hand-heart';
import { MAX_MILESTONE_LENGTH, MAX_TUMMY_TIME_MINUTES, tummyTimeAmountText, tummyTimeGoal, tummyTimeLine } from '@nightlight/domain/tummy-times/tummy-time-rules';
import type { EntryApiViews } from '@nightlight/domain/read-models/timeline/timeline-document';
import { icon } from '../../../components/icons.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { apiRequest } from '../../../lib/api-client.ts';
import { t, useT } from '../../../lib/i18n/i18n-store.ts';
import { todayIn } from '../../../lib/local-date.ts';
import { entryListRoots } from '../../../lib/query-keys.ts';
import type { TimelineEntry } from '../../../types/api.ts';
import { entryDialogs } from '../components/entry-dialogs.tsx';
import { NotesField, SpanFields } from '../components/entry-fields.tsx';
import { MINUTE_MS, parseDateTimeInputValue, toDateTimeInputValue, validateStartedAt } from '../lib/date-time-input.ts';
import { previewLine } from '../lib/offline-preview.ts';
import { endTimeOf, type SpanValues } from '../lib/span-times.ts';
import type { EntryForm, FieldsProps } from './entry-form.ts';
import type { KindGlanceProps, WebEntryKind } from './web-entry-kind.ts';

export type CreateTummyTimeInput = { childId: string; startedAt: string; endedAt: string; milestone?: string; notes?: string };

type TummyTimeFormValues = SpanValues & { milestone: string; notes: string };
type TummyTimeFormErrors = Partial<Record<'datetime' | 'durationMins' | 'milestone', string>>;

function validateTummyTimeForm(values: TummyTimeFormValues, now: Date): TummyTimeFormErrors {
  const errors: TummyTimeFormErrors = {};
  const datetime = validateStartedAt(values.datetime, now);
  if (datetime) errors.datetime = datetime;
  const minutes = Number(values.durationMins);
  if (values.durationMins.trim() === '') errors.durationMins = t('kindForm.durationRequired');
  else if (!Number.isInteger(minutes) || minutes < 1 || minutes > MAX_TUMMY_TIME_MINUTES) errors.durationMins = t('kindForm.durationRange', { min: 1, max: MAX_TUMMY_TIME_MINUTES });
  if (values.milestone.trim().length > MAX_MILESTONE_LENGTH) errors.milestone = t('tummyTimeForm.milestoneTooLong', { max: MAX_MILESTONE_LENGTH });
  return errors;
}

function toCreateTummyTimeInput(childId: string, values: TummyTimeFormValues): CreateTummyTimeInput {
  const startedAt = parseDateTimeInputValue(values.datetime);
  if (!startedAt) throw new Error('toCreateTummyTimeInput needs a validated date and time');
  const milestone = values.milestone.trim();
  const notes = values.notes.trim();
  return {
    childId,
    startedAt: startedAt.toISOString(),
    endedAt: new Date(startedAt.getTime() + Number(values.durationMins) * MINUTE_MS).toISOString(),
    ...(milestone ? { milestone } : {}),
    ...(notes ? { notes } : {}),
  };
}

function tummyTimePreview(id: string, input: CreateTummyTimeInput): TimelineEntry {
  const milestone = input.milestone ?? null;
  return previewLine('TummyTime', id, { ...tummyTimeLine({ milestone }), amount: tummyTimeAmountText({ milestone }) }, input, input.notes);
}

function TummyTimeFields({ values, errors, update }: FieldsProps<TummyTimeFormValues, TummyTimeFormErrors>) {
  const t = useT();
  return (
    <>
      <SpanFields
        labels={{ start: t('tummyTimeForm.started'), end: t('tummyTimeForm.ended'), duration: t('kindForm.durationMinutes') }}
        span={values}
        errors={errors}
        duration={{ min: 1, max: MAX_TUMMY_TIME_MINUTES }}
        onChange={(span) => update(span)}
      />
      <TextField
        label={t('tummyTimeForm.milestone')}
        placeholder={t('tummyTimeForm.milestonePlaceholder')}
        maxLength={MAX_MILESTONE_LENGTH}
        value={values.milestone}
        error={errors.milestone}
        onChange={(event) => update({ milestone: event.target.value })}
      />
      <NotesField value={values.notes} onChange={(notes) => update({ notes })} />
    </>
  );
}

export const tummyTimeForm: EntryForm<'tummyTime', TummyTimeFormValues, TummyTimeFormErrors, CreateTummyTimeInput> = {
  kind: 'tummyTime',
  name: 'Tummy Time',
  what: 'the tummy time',
  empty: (datetime) => ({ datetime, endTime: '', durationMins: '', anchor: 'duration', milestone: '', notes: '' }),
  fromEntry: (session) => {
    const datetime = toDateTimeInputValue(new Date(session.startedAt));
    const minutes = Math.round((Date.parse(session.endedAt) - Date.parse(session.startedAt)) / MINUTE_MS);
    return { datetime, endTime: endTimeOf(datetime, minutes), durationMins: String(minutes), anchor: 'end', milestone: session.milestone ?? '', notes: session.notes };
  },
  validate: validateTummyTimeForm,
  toInput: toCreateTummyTimeInput,
  toCorrection: (session, original, values) => {
    const input = toCreateTummyTimeInput(session.childId, values);
    const timesKept = values.datetime === original.datetime && values.durationMins === original.durationMins;
    return timesKept ? { ...input, startedAt: session.startedAt, endedAt: session.endedAt } : input;
  },
  checked: (input) => input,
  preview: tummyTimePreview,
  Fields: TummyTimeFields,
};

const dialogs = entryDialogs(tummyTimeForm);
export const { AddDialog: AddTummyTimeDialog, EditDialog: EditTummyTimeDialog, write: createTummyTimeWrite } = dialogs;

/** Today's minutes on the tummy, in the child's zone, against the goal for its age; nothing once it has none and none was logged. */
function TummyTimeTodayLine({ child, now }: KindGlanceProps) {
  const t = useT();
  const today = todayIn(child.timezone, now);
  const sessions = useQuery({
    queryKey: [entryListRoots.tummyTime, child.id, today, null],
    queryFn: ({ signal }) => apiRequest<EntryApiViews['tummyTime'][]>(`/api/tummy-times?${new URLSearchParams({ childId: child.id, date: today }).toString()}`, { signal }),
  });
  if (!sessions.data) return null;
  const minutes = sessions.data.reduce((sum, session) => sum + Math.round((Date.parse(session.endedAt) - Date.parse(session.startedAt)) / MINUTE_MS), 0);
  const goal = tummyTimeGoal(child.birthDate, today);
  if (!goal && minutes === 0) return null;
  return (
    <p className="glance-note">
      {goal ? t('tummyTime.todayOfGoal', { minutes, goal: goal.minutes }) : t('tummyTime.today', { minutes })}
      {goal && (
        <>
          {' '}
          <a href={goal.source.url} target="_blank" rel="noreferrer" title={goal.source.title}>
            {t('tummyTime.who')}
          </a>
        </>
      )}
    </p>
  );
}

export const tummyTimeEntry: WebEntryKind<'tummyTime'> = {
  kind: 'tummyTime',
  label: 'Tummy time',
  icon: icon(HandHeart),
  add: 'Add Tummy Time',
  quiet: true,
  plural: 'Tummy time',
  facts: { duration: 'Duration', amount: 'Milestone' },
  AddDialog: AddTummyTimeDialog,
  EditDialog: EditTummyTimeDialog,
  Glance: TummyTimeTodayLine,
};
