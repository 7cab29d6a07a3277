import { Dialog } from '../../../components/dialog.tsx';
import { useReplaceWaiting } from '../../../hooks/use-outbox.ts';
import type { WaitingWrite } from '../lib/waiting-entries.ts';
import { FormDialogActions } from '../../../components/form-dialog-actions.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useCreateSleep, createSleepWrite } from '../api/create-sleep.ts';
import { useEntryForm } from '../hooks/use-entry-form.ts';
import {
  emptySleepForm,
  ROOM_TEMP_MAX_F,
  ROOM_TEMP_MIN_F,
  SLEEP_DURATION_MAX_MINS,
  SLEEP_DURATION_MIN_MINS,
  SLEEP_SACK_MAX_LENGTH,
  toCreateSleepInput,
  validateSleepForm,
  type SleepFormValues,
} from '../lib/sleep-form.ts';
import { EntryStartField, NotesField } from './entry-fields.tsx';
import '../../../styles/dashboard.css';

/** `resume`: Edit on a write the server refused after it waited offline; saving replaces it. */
type AddSleepDialogProps = { open: boolean; onClose: () => void; childId: string; resume?: WaitingWrite };

export function AddSleepDialog({ open, onClose, childId, resume }: AddSleepDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Add Sleep" className="entry-dialog">
      {/* Mounted only while open, so every opening starts from fresh values dated now. */}
      <SleepForm childId={childId} resume={resume} onDone={onClose} />
    </Dialog>
  );
}

function SleepForm({ childId, resume, onDone }: { childId: string; resume: WaitingWrite | undefined; onDone: () => void }) {
  const createSleep = useCreateSleep();
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
          <input
            type="checkbox"
            role="switch"
            checked={values.whiteNoise}
            onChange={(event) => update({ whiteNoise: event.target.checked })}
          />
          <span>White noise</span>
        </label>
      </fieldset>
      <NotesField value={values.notes} onChange={(notes) => update({ notes })} />
      <FormDialogActions onCancel={onDone} pending={isPending} submitLabel="Add Entry" pendingLabel="Adding..." />
    </form>
  );
}
