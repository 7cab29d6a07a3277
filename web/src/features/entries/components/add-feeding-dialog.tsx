import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useFocusFirstInvalid } from '../../../hooks/use-focus-first-invalid.ts';
import type { FeedingMethod, FeedingType } from '../../../types/api.ts';
import { FEEDING_AMOUNT_MAX_OZ, FEEDING_AMOUNT_STEP_OZ, useCreateFeeding } from '../api/create-feeding.ts';
import { useEntryIdempotencyKey } from '../hooks/use-entry-idempotency-key.ts';
import { toDateTimeInputValue } from '../lib/date-time-input.ts';
import {
  emptyFeedingForm,
  FEEDING_DURATION_DEFAULT_MINS,
  FEEDING_DURATION_MAX_MINS,
  FEEDING_DURATION_MIN_MINS,
  toCreateFeedingInput,
  validateFeedingForm,
  type FeedingFormErrors,
  type FeedingFormValues,
} from '../lib/feeding-form.ts';
import { ChoiceGroup } from './choice-group.tsx';
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
  const [values, setValues] = useState<FeedingFormValues>(() => emptyFeedingForm(toDateTimeInputValue(new Date())));
  const [errors, setErrors] = useState<FeedingFormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const createFeeding = useCreateFeeding();
  const idempotencyKey = useEntryIdempotencyKey();
  // Set on submit, before React re-renders the button as disabled: a second tap in between is dropped.
  const saving = useRef(false);
  const { ref: formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const isBottle = values.method === 'Bottle';

  function update(changes: Partial<FeedingFormValues>) {
    const next = { ...values, ...changes };
    setValues(next);
    idempotencyKey.formChanged();
    // After the first submit, messages follow the fields as they are corrected.
    if (submitted) setErrors(validateFeedingForm(next, new Date()));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    const found = validateFeedingForm(values, new Date());
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid();
      return;
    }
    if (saving.current) return;
    saving.current = true;
    createFeeding.mutate(
      { input: toCreateFeedingInput(childId, values), idempotencyKey: idempotencyKey.forSubmit() },
      {
        onSuccess: () => {
          idempotencyKey.reset();
          onDone();
        },
        onSettled: () => {
          saving.current = false;
        },
        // The product shows no message for a failed save; the form stays filled in for another try.
        onError: (error) => console.error('Could not add the feeding', error),
      },
    );
  }

  return (
    <form ref={formRef} className="form" noValidate onSubmit={handleSubmit}>
      <TextField
        label="Date and time"
        type="datetime-local"
        required
        max={toDateTimeInputValue(new Date())}
        value={values.datetime}
        error={errors.datetime}
        onChange={(event) => update({ datetime: event.target.value })}
      />
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
            label="Amount (oz)"
            type="number"
            inputMode="decimal"
            min={0}
            max={FEEDING_AMOUNT_MAX_OZ}
            step={FEEDING_AMOUNT_STEP_OZ}
            required
            value={values.amountOz}
            error={errors.amountOz}
            onChange={(event) => update({ amountOz: event.target.value })}
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
      <TextField
        label="Notes (optional)"
        maxLength={1000}
        value={values.notes}
        onChange={(event) => update({ notes: event.target.value })}
      />
      <div className="dialog-actions">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={createFeeding.isPending}>
          {createFeeding.isPending ? 'Adding...' : 'Add Entry'}
        </Button>
      </div>
    </form>
  );
}
