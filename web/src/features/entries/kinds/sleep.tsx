// Sleeps in the web app: their form (Add Sleep and Edit Sleep), by the times the baby fell asleep
// and woke up or by the minutes slept, and the write it sends.
import Moon from 'lucide-react/icons/moon';
import { z } from 'zod/mini';
import { sleepLine } from '@nightlight/domain/sleeps/sleep-rules';
import { icon } from '../../../components/icons.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { t, useT } from '../../../lib/i18n/i18n-store.ts';
import type { TimelineEntry } from '../../../types/api.ts';
import { entryDialogs } from '../components/entry-dialogs.tsx';
import { NotesField, SpanFields } from '../components/entry-fields.tsx';
import { MINUTE_MS, parseDateTimeInputValue, toDateTimeInputValue, validateStartedAt } from '../lib/date-time-input.ts';
import { previewLine } from '../lib/offline-preview.ts';
import { endTimeOf, type SpanValues } from '../lib/span-times.ts';
import type { EntryForm, FieldsProps } from './entry-form.ts';
import type { WebEntryKind } from './web-entry-kind.ts';

export const createSleepInputSchema = z.object({
  childId: z.string().check(z.minLength(1)),
  startedAt: z.iso.datetime(),
  endedAt: z.iso.datetime(),
  environment: z.optional(
    z.object({
      roomTemp: z.nullable(z.int().check(z.gte(60), z.lte(80))),
      whiteNoise: z.boolean(),
      sleepSackTag: z.nullable(z.string().check(z.maxLength(40))),
    }),
  ),
  notes: z.optional(z.string().check(z.maxLength(1000))),
});

export type CreateSleepInput = z.infer<typeof createSleepInputSchema>;

const SLEEP_DURATION_MIN_MINS = 1;
const SLEEP_DURATION_MAX_MINS = 1440;
const ROOM_TEMP_MIN_F = 60;
const ROOM_TEMP_MAX_F = 80;
const SLEEP_SACK_MAX_LENGTH = 40;

type SleepFormValues = SpanValues & { roomTemp: string; sleepSackTag: string; whiteNoise: boolean; notes: string };
type SleepFormErrors = Partial<Record<'datetime' | 'durationMins' | 'roomTemp', string>>;

function validateSleepForm(values: SleepFormValues, now: Date): SleepFormErrors {
  const errors: SleepFormErrors = {};
  const datetime = validateStartedAt(values.datetime, now);
  if (datetime) errors.datetime = datetime;

  if (values.durationMins.trim() === '') {
    errors.durationMins = t('kindForm.durationRequired');
  } else {
    const minutes = Number(values.durationMins);
    if (!Number.isInteger(minutes) || minutes < SLEEP_DURATION_MIN_MINS || minutes > SLEEP_DURATION_MAX_MINS) {
      errors.durationMins = t('kindForm.durationRange', { min: SLEEP_DURATION_MIN_MINS, max: SLEEP_DURATION_MAX_MINS });
    }
  }

  if (values.roomTemp.trim() !== '') {
    const temp = Number(values.roomTemp);
    if (!Number.isInteger(temp) || temp < ROOM_TEMP_MIN_F || temp > ROOM_TEMP_MAX_F) {
      errors.roomTemp = t('sleepForm.roomTempRange', { min: ROOM_TEMP_MIN_F, max: ROOM_TEMP_MAX_F });
    }
  }
  return errors;
}

/** True once any environment field differs from its default; until then none is sent. */
function environmentTouched(values: SleepFormValues): boolean {
  return values.roomTemp.trim() !== '' || values.sleepSackTag.trim() !== '' || values.whiteNoise;
}

/** Form values (already validated) as POST /api/sleep takes them; the end is start plus duration. */
function toCreateSleepInput(childId: string, values: SleepFormValues): CreateSleepInput {
  const startedAt = parseDateTimeInputValue(values.datetime);
  if (!startedAt) throw new Error('toCreateSleepInput needs a validated date and time');
  const notes = values.notes.trim();
  return {
    childId,
    startedAt: startedAt.toISOString(),
    endedAt: new Date(startedAt.getTime() + Number(values.durationMins) * MINUTE_MS).toISOString(),
    ...(environmentTouched(values)
      ? {
          environment: {
            roomTemp: values.roomTemp.trim() === '' ? null : Number(values.roomTemp),
            whiteNoise: values.whiteNoise,
            sleepSackTag: values.sleepSackTag.trim() || null,
          },
        }
      : {}),
    ...(notes ? { notes } : {}),
  };
}

function sleepPreview(id: string, input: CreateSleepInput): TimelineEntry {
  return previewLine('Sleep', id, sleepLine(), input, input.notes);
}

/** The fields of a sleep: when the baby fell asleep, and when they woke up or how long they slept. */
function SleepFields({ values, errors, update }: FieldsProps<SleepFormValues, SleepFormErrors>) {
  const t = useT();
  return (
    <>
      <SpanFields
        labels={{ start: t('sleepForm.fellAsleep'), end: t('sleepForm.wokeUp'), duration: t('kindForm.durationMinutes') }}
        span={values}
        errors={errors}
        duration={{ min: SLEEP_DURATION_MIN_MINS, max: SLEEP_DURATION_MAX_MINS }}
        onChange={(span) => update(span)}
      />
      <fieldset className="environment-fields">
        <legend className="field-label">{t('sleepForm.environment')}</legend>
        <div className="field-pair">
          <TextField
            label={t('sleepForm.roomTemp')}
            type="number"
            inputMode="numeric"
            min={ROOM_TEMP_MIN_F}
            max={ROOM_TEMP_MAX_F}
            step={1}
            value={values.roomTemp}
            error={errors.roomTemp}
            onChange={(event) => update({ roomTemp: event.target.value })}
          />
          <TextField
            label={t('sleepForm.sleepSack')}
            placeholder={t('sleepForm.sleepSackPlaceholder')}
            maxLength={SLEEP_SACK_MAX_LENGTH}
            value={values.sleepSackTag}
            onChange={(event) => update({ sleepSackTag: event.target.value })}
          />
        </div>
        <label className="switch">
          <input type="checkbox" role="switch" checked={values.whiteNoise} onChange={(event) => update({ whiteNoise: event.target.checked })} />
          <span>{t('sleepForm.whiteNoise')}</span>
        </label>
      </fieldset>
      <NotesField value={values.notes} onChange={(notes) => update({ notes })} />
    </>
  );
}

export const sleepForm: EntryForm<'sleep', SleepFormValues, SleepFormErrors, CreateSleepInput> = {
  kind: 'sleep',
  name: 'Sleep',
  what: 'the sleep',
  empty: (datetime) => ({ datetime, endTime: '', durationMins: '', anchor: 'duration', roomTemp: '', sleepSackTag: '', whiteNoise: false, notes: '' }),
  fromEntry: (sleep) => {
    const datetime = toDateTimeInputValue(new Date(sleep.startedAt));
    const minutes = Math.round((Date.parse(sleep.endedAt) - Date.parse(sleep.startedAt)) / MINUTE_MS);
    const environment = sleep.environment;
    return {
      datetime,
      endTime: endTimeOf(datetime, minutes),
      durationMins: String(minutes),
      anchor: 'end',
      roomTemp: environment?.roomTemp == null ? '' : String(environment.roomTemp),
      sleepSackTag: environment?.sleepSackTag ?? '',
      whiteNoise: environment?.whiteNoise ?? false,
      notes: sleep.notes,
    };
  },
  validate: validateSleepForm,
  toInput: toCreateSleepInput,
  // Times left alone stay as logged (a timer's are to the second).
  toCorrection: (sleep, original, values) => {
    const input = toCreateSleepInput(sleep.childId, values);
    const timesKept = values.datetime === original.datetime && values.durationMins === original.durationMins;
    return timesKept ? { ...input, startedAt: sleep.startedAt, endedAt: sleep.endedAt } : input;
  },
  checked: (input) => createSleepInputSchema.parse(input),
  preview: sleepPreview,
  Fields: SleepFields,
};

const dialogs = entryDialogs(sleepForm);
export const { AddDialog: AddSleepDialog, EditDialog: EditSleepDialog, write: createSleepWrite } = dialogs;

export const sleepEntry: WebEntryKind<'sleep'> = {
  kind: 'sleep',
  icon: icon(Moon),
  add: 'Add Sleep',
  plural: 'Sleeps',
  facts: { duration: 'Duration', amount: null },
  AddDialog: AddSleepDialog,
  EditDialog: EditSleepDialog,
};
