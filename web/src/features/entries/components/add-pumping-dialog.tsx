import { ChoiceGroup } from '../../../components/choice-group.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { useReplaceWaiting } from '../../../hooks/use-outbox.ts';
import type { WaitingWrite } from '../lib/waiting-entries.ts';
import { FormDialogActions } from '../../../components/form-dialog-actions.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useUnits } from '../../../hooks/use-units.ts';
import { VOLUME_LIMITS } from '../../../lib/units.ts';
import type { VolumeUnit } from '../../../types/api.ts';
import { useCreatePumping, createPumpingWrite } from '../api/create-pumping.ts';
import { useEntryForm } from '../hooks/use-entry-form.ts';
import { emptyPumpingForm, PUMPING_DURATION_MAX_MINS, toCreatePumpingInput, validatePumpingForm, type PumpingFormValues } from '../lib/pumping-form.ts';
import { EntryStartField, NotesField } from './entry-fields.tsx';
import '../../../styles/dashboard.css';

/** `unit` is the user's volume unit unless given. */
/** `resume`: Edit on a write the server refused after it waited offline; saving replaces it. */
type AddPumpingDialogProps = { open: boolean; onClose: () => void; childId: string; resume?: WaitingWrite; unit?: VolumeUnit };

export function AddPumpingDialog({ open, onClose, childId, resume, unit }: AddPumpingDialogProps) {
  const { volume } = useUnits();
  return (
    <Dialog open={open} onClose={onClose} title="Add Pumping" className="entry-dialog">
      {/* Mounted only while open, so every opening starts from fresh values dated now. */}
      <PumpingForm childId={childId} resume={resume} unit={unit ?? volume} onDone={onClose} />
    </Dialog>
  );
}

const UNITS: readonly VolumeUnit[] = ['mL', 'oz'];

function PumpingForm({ childId, resume, unit, onDone }: { childId: string; resume: WaitingWrite | undefined; unit: VolumeUnit; onDone: () => void }) {
  const createPumping = useCreatePumping();
  const replace = useReplaceWaiting(resume?.itemId, createPumpingWrite);
  const { values, errors, update, handleSubmit, formRef, isPending } = useEntryForm({
    empty: resume ? () => resume.values as PumpingFormValues : emptyPumpingForm(unit),
    validate: validatePumpingForm,
    toInput: (filled: PumpingFormValues) => toCreatePumpingInput(childId, filled),
    mutation: resume ? replace : createPumping,
    what: 'the pumping session',
    onDone,
  });
  const { max, step } = VOLUME_LIMITS[values.unit];
  const amountField = (side: 'leftAmount' | 'rightAmount', label: string) => (
    <TextField
      label={`${label} (${values.unit})`}
      type="number"
      inputMode="decimal"
      min={0}
      max={max}
      step={step}
      value={values[side]}
      error={errors[side]}
      onChange={(event) => update({ [side]: event.target.value })}
    />
  );

  return (
    <form ref={formRef} className="form" noValidate onSubmit={handleSubmit}>
      <EntryStartField label="Start date and time" value={values.datetime} error={errors.datetime} onChange={(datetime) => update({ datetime })} />
      <TextField
        label="Duration in minutes (optional)"
        type="number"
        inputMode="numeric"
        min={1}
        max={PUMPING_DURATION_MAX_MINS}
        step={1}
        value={values.durationMins}
        error={errors.durationMins}
        onChange={(event) => update({ durationMins: event.target.value })}
      />
      <ChoiceGroup legend="Unit" name="pumping-unit" options={UNITS} value={values.unit} onChange={(chosen) => update({ unit: chosen })} />
      <div className="field-pair">
        {amountField('leftAmount', 'Left')}
        {amountField('rightAmount', 'Right')}
      </div>
      <NotesField value={values.notes} onChange={(notes) => update({ notes })} />
      <FormDialogActions onCancel={onDone} pending={isPending} submitLabel="Add Entry" pendingLabel="Adding..." />
    </form>
  );
}
