// Pumping sessions in the web app: the Add Pumping dialog, its form and the write it sends. The
// duration's limit and the amounts' limits and steps are the domain's.
import { MAX_PUMPING_MINUTES } from '@nightlight/domain/pumpings/pumping-rules';
import { pumpingEntryView } from '@nightlight/domain/pumpings/pumping-timeline';
import { pumpingEndedAt } from '@nightlight/domain/pumpings/pumping.events';
import { ChoiceGroup } from '../../../components/choice-group.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { FormDialogActions } from '../../../components/form-dialog-actions.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useReplaceWaiting } from '../../../hooks/use-outbox.ts';
import { useUnits } from '../../../hooks/use-units.ts';
import { VOLUME_LIMITS, volumeProblem } from '../../../lib/units.ts';
import type { TimelineEntry, VolumeUnit } from '../../../types/api.ts';
import { createEntryWrite, useCreateEntry, type CreateEntryVariables } from '../api/create-entry.ts';
import { EntryStartField, NotesField } from '../components/entry-fields.tsx';
import { useEntryForm } from '../hooks/use-entry-form.ts';
import { parseDateTimeInputValue, validateStartedAt } from '../lib/date-time-input.ts';
import { offlineEntryId, previewLine } from '../lib/offline-preview.ts';
import type { WaitingWrite } from '../lib/waiting-entries.ts';
import type { AddEntryDialogProps, WebEntryKind } from './web-entry-kind.ts';
import '../../../styles/dashboard.css';

export type CreatePumpingInput = {
  childId: string;
  startedAt: string;
  durationMinutes?: number;
  leftAmount?: number;
  rightAmount?: number;
  unit: VolumeUnit;
  notes?: string;
};

type PumpingFormValues = { datetime: string; durationMins: string; leftAmount: string; rightAmount: string; unit: VolumeUnit; notes: string };
type PumpingFormErrors = Partial<Record<'datetime' | 'durationMins' | 'leftAmount' | 'rightAmount', string>>;

const emptyPumpingForm = (unit: VolumeUnit) => (datetime: string): PumpingFormValues => ({ datetime, durationMins: '', leftAmount: '', rightAmount: '', unit, notes: '' });

/** Only the start is required: a parent may log that they pumped, how long, or how much. */
function validatePumpingForm(values: PumpingFormValues, now: Date): PumpingFormErrors {
  const errors: PumpingFormErrors = {};
  const datetime = validateStartedAt(values.datetime, now);
  if (datetime) errors.datetime = datetime;
  if (values.durationMins.trim() !== '') {
    const minutes = Number(values.durationMins);
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > MAX_PUMPING_MINUTES) errors.durationMins = `Duration must be a whole number of minutes from 1 to ${MAX_PUMPING_MINUTES}`;
  }
  for (const side of ['leftAmount', 'rightAmount'] as const) {
    if (values[side].trim() === '') continue;
    const problem = volumeProblem(Number(values[side]), values.unit);
    if (problem) errors[side] = problem;
  }
  return errors;
}

function toCreatePumpingInput(childId: string, values: PumpingFormValues): CreatePumpingInput {
  const startedAt = parseDateTimeInputValue(values.datetime);
  if (!startedAt) throw new Error('toCreatePumpingInput needs a validated date and time');
  const optional = (text: string) => (text.trim() === '' ? undefined : Number(text));
  const input: CreatePumpingInput = { childId, startedAt: startedAt.toISOString(), unit: values.unit };
  const durationMinutes = optional(values.durationMins);
  const leftAmount = optional(values.leftAmount);
  const rightAmount = optional(values.rightAmount);
  const notes = values.notes.trim();
  return {
    ...input,
    ...(durationMinutes === undefined ? {} : { durationMinutes }),
    ...(leftAmount === undefined ? {} : { leftAmount }),
    ...(rightAmount === undefined ? {} : { rightAmount }),
    ...(notes ? { notes } : {}),
  };
}

function pumpingPreview(id: string, input: CreatePumpingInput): TimelineEntry {
  const endedAt = pumpingEndedAt(input.startedAt, input.durationMinutes ?? null);
  return previewLine((zone) => pumpingEntryView({ id, startedAt: input.startedAt, endedAt, leftAmount: input.leftAmount ?? null, rightAmount: input.rightAmount ?? null, unit: input.unit }, zone), input.notes);
}

export function createPumpingWrite(variables: CreateEntryVariables<CreatePumpingInput>) {
  const body = variables.input;
  return createEntryWrite('pumping', body, pumpingPreview(offlineEntryId(variables.idempotencyKey), body), variables);
}

/** `unit` is the user's volume unit unless given. */
export function AddPumpingDialog({ open, onClose, childId, resume, unit }: AddEntryDialogProps & { unit?: VolumeUnit }) {
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
  const createPumping = useCreateEntry('pumping', createPumpingWrite);
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
        max={MAX_PUMPING_MINUTES}
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

export const pumpingEntry: WebEntryKind<'pumping'> = {
  kind: 'pumping',
  add: 'Add Pumping',
  quiet: true,
  facts: { duration: 'Duration', amount: 'Pumped' },
  AddDialog: AddPumpingDialog,
};
