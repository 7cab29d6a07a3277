// Sleeps in the web app: the Add Sleep dialog, its form and the write it sends.
import { z } from 'zod/mini';
import { sleepEntryView } from '@nightlight/domain/sleeps/sleep-timeline';
import { Dialog } from '../../../components/dialog.tsx';
import { FormDialogActions } from '../../../components/form-dialog-actions.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useReplaceWaiting } from '../../../hooks/use-outbox.ts';
import type { TimelineEntry } from '../../../types/api.ts';
import { createEntryWrite, useCreateEntry, type CreateEntryVariables } from '../api/create-entry.ts';
import { EntryStartField, NotesField } from '../components/entry-fields.tsx';
import { useEntryForm } from '../hooks/use-entry-form.ts';
import { MINUTE_MS, parseDateTimeInputValue, validateStartedAt } from '../lib/date-time-input.ts';
import { offlineEntryId, previewLine } from '../lib/offline-preview.ts';
import type { WaitingWrite } from '../lib/waiting-entries.ts';
import type { AddEntryDialogProps, WebEntryKind } from './web-entry-kind.ts';
import '../../../styles/dashboard.css';

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

type SleepFormValues = { datetime: string; durationMins: string; roomTemp: string; sleepSackTag: string; whiteNoise: boolean; notes: string };
type SleepFormErrors = Partial<Record<'datetime' | 'durationMins' | 'roomTemp', string>>;

const emptySleepForm = (datetime: string): SleepFormValues => ({ datetime, durationMins: '', roomTemp: '', sleepSackTag: '', whiteNoise: false, notes: '' });

function validateSleepForm(values: SleepFormValues, now: Date): SleepFormErrors {
  const errors: SleepFormErrors = {};
  const datetime = validateStartedAt(values.datetime, now);
  if (datetime) errors.datetime = datetime;

  if (values.durationMins.trim() === '') {
    errors.durationMins = 'Duration is required';
  } else {
    const minutes = Number(values.durationMins);
    if (!Number.isInteger(minutes) || minutes < SLEEP_DURATION_MIN_MINS || minutes > SLEEP_DURATION_MAX_MINS) {
      errors.durationMins = `Duration must be a whole number of minutes from ${SLEEP_DURATION_MIN_MINS} to ${SLEEP_DURATION_MAX_MINS}`;
    }
  }

  if (values.roomTemp.trim() !== '') {
    const temp = Number(values.roomTemp);
    if (!Number.isInteger(temp) || temp < ROOM_TEMP_MIN_F || temp > ROOM_TEMP_MAX_F) {
      errors.roomTemp = `Room temperature must be a whole number from ${ROOM_TEMP_MIN_F} to ${ROOM_TEMP_MAX_F} °F`;
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
  return previewLine((zone) => sleepEntryView({ id, startedAt: input.startedAt, endedAt: input.endedAt }, zone), input.notes);
}

export function createSleepWrite(variables: CreateEntryVariables<CreateSleepInput>) {
  const body = createSleepInputSchema.parse(variables.input);
  return createEntryWrite('sleep', body, sleepPreview(offlineEntryId(variables.idempotencyKey), body), variables);
}

export function AddSleepDialog({ open, onClose, childId, resume }: AddEntryDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Add Sleep" className="entry-dialog">
      {/* Mounted only while open, so every opening starts from fresh values dated now. */}
      <SleepForm childId={childId} resume={resume} onDone={onClose} />
    </Dialog>
  );
}

function SleepForm({ childId, resume, onDone }: { childId: string; resume: WaitingWrite | undefined; onDone: () => void }) {
  const createSleep = useCreateEntry('sleep', createSleepWrite);
  const replace = useReplaceWaiting(resume?.itemId, createSleepWrite);
  const { values, errors, update, handleSubmit, formRef, isPending } = useEntryForm({
    empty: resume ? () => resume.values as SleepFormValues : emptySleepForm,
    validate: validateSleepForm,
    toInput: (filled: SleepFormValues) => toCreateSleepInput(childId, filled),
    mutation: resume ? replace : createSleep,
    what: 'the sleep',
    onDone,
  });

  return (
    <form ref={formRef} className="form" noValidate onSubmit={handleSubmit}>
      <EntryStartField label="Sleep start date and time" value={values.datetime} error={errors.datetime} onChange={(datetime) => update({ datetime })} />
      <TextField
        label="Duration in minutes"
        type="number"
        inputMode="numeric"
        min={SLEEP_DURATION_MIN_MINS}
        max={SLEEP_DURATION_MAX_MINS}
        step={1}
        required
        value={values.durationMins}
        error={errors.durationMins}
        onChange={(event) => update({ durationMins: event.target.value })}
      />
      <fieldset className="environment-fields">
        <legend className="field-label">Environment (optional)</legend>
        <div className="field-pair">
          <TextField
            label="Room temp (°F)"
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
            label="Sleep sack"
            placeholder="1.0 TOG"
            maxLength={SLEEP_SACK_MAX_LENGTH}
            value={values.sleepSackTag}
            onChange={(event) => update({ sleepSackTag: event.target.value })}
          />
        </div>
        <label className="switch">
          <input type="checkbox" role="switch" checked={values.whiteNoise} onChange={(event) => update({ whiteNoise: event.target.checked })} />
          <span>White noise</span>
        </label>
      </fieldset>
      <NotesField value={values.notes} onChange={(notes) => update({ notes })} />
      <FormDialogActions onCancel={onDone} pending={isPending} submitLabel="Add Entry" pendingLabel="Adding..." />
    </form>
  );
}

export const sleepEntry: WebEntryKind<'sleep'> = {
  kind: 'sleep',
  add: 'Add Sleep',
  facts: { duration: 'Duration', amount: 'Amount' },
  AddDialog: AddSleepDialog,
};
