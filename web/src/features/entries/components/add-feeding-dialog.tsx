import { Dialog } from '../../../components/dialog.tsx';
import { FormDialogActions } from '../../../components/form-dialog-actions.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useUnits } from '../../../hooks/use-units.ts';
import { VOLUME_LIMITS } from '../../../lib/units.ts';
import type { FeedingMethod, FeedingType } from '../../../types/api.ts';
import { useCreateFeeding } from '../api/create-feeding.ts';
import { useEntryForm } from '../hooks/use-entry-form.ts';
import {
  emptyFeedingForm,
  FEEDING_DURATION_DEFAULT_MINS,
  FEEDING_DURATION_MAX_MINS,
  FEEDING_DURATION_MIN_MINS,
  toCreateFeedingInput,
  validateFeedingForm,
  type FeedingFormValues,
} from '../lib/feeding-form.ts';
import { ChoiceGroup } from '../../../components/choice-group.tsx';
import { EntryStartField, NotesField } from './entry-fields.tsx';
import '../../../styles/dashboard.css';

type AddFeedingDialogProps = { open: boolean; onClose: () => void; childId: string };

export function AddFeedingDialog({ open, onClose, childId }: AddFeedingDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Add Feeding" className="entry-dialog">
      {/* Mounted only while open, so every opening starts from fresh values dated now. */}
      <FeedingForm childId={childId} onDone={onClose} />
    </Dialog>
  );
}

const METHODS: readonly FeedingMethod[] = ['Bottle', 'Nursing'];
const FEEDING_TYPES: readonly FeedingType[] = ['Breast Milk', 'Formula'];

function FeedingForm({ childId, onDone }: { childId: string; onDone: () => void }) {
  const createFeeding = useCreateFeeding();
  const { volume } = useUnits();
  const { values, errors, update, handleSubmit, formRef, isPending } = useEntryForm({
    empty: emptyFeedingForm(volume),
    validate: validateFeedingForm,
    toInput: (filled: FeedingFormValues) => toCreateFeedingInput(childId, filled),
    mutation: createFeeding,
    what: 'the feeding',
    onDone,
  });
  const isBottle = values.method === 'Bottle';

  return (
    <form ref={formRef} className="form" noValidate onSubmit={handleSubmit}>
      <EntryStartField label="Date and time" value={values.datetime} error={errors.datetime} onChange={(datetime) => update({ datetime })} />
      <ChoiceGroup
        legend="Method"
        name="feeding-method"
        options={METHODS}
        value={values.method}
        onChange={(method) => update({ method })}
      />
      {isBottle && (
        <>
          <ChoiceGroup
            legend="Feeding type"
            name="feeding-type"
            options={FEEDING_TYPES}
            value={values.feedingType}
            onChange={(feedingType) => update({ feedingType })}
          />
          <TextField
            label={`Amount (${values.unit})`}
            type="number"
            inputMode="decimal"
            min={0}
            max={VOLUME_LIMITS[values.unit].max}
            step={VOLUME_LIMITS[values.unit].step}
            required
            value={values.amount}
            error={errors.amount}
            onChange={(event) => update({ amount: event.target.value })}
          />
        </>
      )}
      <TextField
        label="Duration in minutes (optional)"
        type="number"
        inputMode="numeric"
        min={FEEDING_DURATION_MIN_MINS}
        max={FEEDING_DURATION_MAX_MINS}
        step={1}
        placeholder={String(FEEDING_DURATION_DEFAULT_MINS)}
        value={values.durationMins}
        error={errors.durationMins}
        hint={`Left empty, ${FEEDING_DURATION_DEFAULT_MINS} minutes.`}
        onChange={(event) => update({ durationMins: event.target.value })}
      />
      <NotesField value={values.notes} onChange={(notes) => update({ notes })} />
      <FormDialogActions onCancel={onDone} pending={isPending} submitLabel="Add Entry" pendingLabel="Adding..." />
    </form>
  );
}
