// Feedings in the web app: the Add Feeding dialog, its form (whose fields Edit Feeding shares) and
// the write it sends. Amount limits and steps are the domain's, in the parent's unit.
import { z } from 'zod/mini';
import { feedingEntryView } from '@nightlight/domain/feedings/feeding-timeline';
import { ChoiceGroup } from '../../../components/choice-group.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { FormDialogActions } from '../../../components/form-dialog-actions.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useReplaceWaiting } from '../../../hooks/use-outbox.ts';
import { useUnits } from '../../../hooks/use-units.ts';
import { VOLUME_LIMITS, volumeProblem } from '../../../lib/units.ts';
import type { FeedingMethod, FeedingType, TimelineEntry, VolumeUnit } from '../../../types/api.ts';
import { createEntryWrite, useCreateEntry, type CreateEntryVariables } from '../api/create-entry.ts';
import { EntryStartField, NotesField } from '../components/entry-fields.tsx';
import { useEntryForm } from '../hooks/use-entry-form.ts';
import { MINUTE_MS, parseDateTimeInputValue, validateStartedAt } from '../lib/date-time-input.ts';
import { offlineEntryId, previewLine } from '../lib/offline-preview.ts';
import type { WaitingWrite } from '../lib/waiting-entries.ts';
import type { AddEntryDialogProps, WebEntryKind } from './web-entry-kind.ts';
import '../../../styles/dashboard.css';

/** An amount in one unit, within that unit's limits and steps (20 oz, 0.25 oz; 600 mL, 5 mL). */
const amountIn = (unit: VolumeUnit) => z.optional(z.number().check(z.refine((value) => volumeProblem(value, unit) === undefined, `Amount out of range for ${unit}`)));

export const createFeedingInputSchema = z
  .object({
    childId: z.string().check(z.minLength(1)),
    startedAt: z.iso.datetime(),
    endedAt: z.iso.datetime(),
    amountOz: amountIn('oz'),
    amountMl: amountIn('mL'),
    method: z.enum(['Bottle', 'Nursing']),
    type: z.optional(z.enum(['Breast Milk', 'Formula'])),
    notes: z.optional(z.string().check(z.maxLength(1000))),
  })
  // Amount and bottle type describe a bottle; a nursing session has neither.
  .check(
    z.refine((input) => input.method === 'Bottle' || (input.amountOz === undefined && input.amountMl === undefined && input.type === undefined), {
      message: 'Amount and type are for bottle feedings only',
    }),
  );

export type CreateFeedingInput = z.infer<typeof createFeedingInputSchema>;

export const FEEDING_DURATION_DEFAULT_MINS = 15;
const FEEDING_DURATION_MIN_MINS = 1;
const FEEDING_DURATION_MAX_MINS = 120;

export type FeedingFormValues = {
  datetime: string;
  method: FeedingMethod;
  feedingType: FeedingType;
  amount: string;
  /** The parent's unit: the amount is entered and sent in it. */
  unit: VolumeUnit;
  durationMins: string;
  notes: string;
};

export type FeedingFormErrors = Partial<Record<'datetime' | 'amount' | 'durationMins', string>>;

const emptyFeedingForm =
  (unit: VolumeUnit) =>
  (datetime: string): FeedingFormValues => ({ datetime, method: 'Bottle', feedingType: 'Breast Milk', amount: '', unit, durationMins: '', notes: '' });

function validateAmount(value: string, unit: VolumeUnit): string | undefined {
  if (value.trim() === '') return 'Amount is required for bottle feeding';
  return volumeProblem(Number(value), unit);
}

function validateDuration(value: string): string | undefined {
  if (value.trim() === '') return undefined;
  const minutes = Number(value);
  if (!Number.isInteger(minutes) || minutes < FEEDING_DURATION_MIN_MINS || minutes > FEEDING_DURATION_MAX_MINS) {
    return `Duration must be a whole number of minutes from ${FEEDING_DURATION_MIN_MINS} to ${FEEDING_DURATION_MAX_MINS}`;
  }
  return undefined;
}

export function validateFeedingForm(values: FeedingFormValues, now: Date): FeedingFormErrors {
  const errors: FeedingFormErrors = {};
  const datetime = validateStartedAt(values.datetime, now);
  if (datetime) errors.datetime = datetime;
  if (values.method === 'Bottle') {
    const amount = validateAmount(values.amount, values.unit);
    if (amount) errors.amount = amount;
  }
  const duration = validateDuration(values.durationMins);
  if (duration) errors.durationMins = duration;
  return errors;
}

/** Form values (already validated) as POST /api/feedings takes them; the end is start plus duration. */
export function toCreateFeedingInput(childId: string, values: FeedingFormValues): CreateFeedingInput {
  const startedAt = parseDateTimeInputValue(values.datetime);
  if (!startedAt) throw new Error('toCreateFeedingInput needs a validated date and time');
  const durationMins = values.durationMins.trim() === '' ? FEEDING_DURATION_DEFAULT_MINS : Number(values.durationMins);
  const notes = values.notes.trim();
  return {
    childId,
    startedAt: startedAt.toISOString(),
    endedAt: new Date(startedAt.getTime() + durationMins * MINUTE_MS).toISOString(),
    method: values.method,
    ...(values.method === 'Bottle' ? { [values.unit === 'oz' ? 'amountOz' : 'amountMl']: Number(values.amount), type: values.feedingType } : {}),
    ...(notes ? { notes } : {}),
  };
}

/** The line of a feeding added or corrected while it waits to be sent. */
export function feedingPreview(id: string, input: CreateFeedingInput): TimelineEntry {
  return previewLine((zone) => {
    const line = feedingEntryView({ id, startedAt: input.startedAt, endedAt: input.endedAt, amountOz: input.amountOz ?? null, method: input.method }, zone);
    // Millilitres read as they were entered, as the lists show each amount.
    return input.amountMl !== undefined ? { ...line, amount: `${input.amountMl} mL` } : line;
  }, input.notes);
}

export function createFeedingWrite(variables: CreateEntryVariables<CreateFeedingInput>) {
  const body = createFeedingInputSchema.parse(variables.input);
  return createEntryWrite('feeding', body, feedingPreview(offlineEntryId(variables.idempotencyKey), body), variables);
}

const METHODS: readonly FeedingMethod[] = ['Bottle', 'Nursing'];
const FEEDING_TYPES: readonly FeedingType[] = ['Breast Milk', 'Formula'];

type FeedingFieldsProps = { values: FeedingFormValues; errors: FeedingFormErrors; update: (changes: Partial<FeedingFormValues>) => void };

/** The fields of a feeding, for Add Feeding and Edit Feeding alike. */
export function FeedingFields({ values, errors, update }: FeedingFieldsProps) {
  const isBottle = values.method === 'Bottle';
  return (
    <>
      <EntryStartField label="Date and time" value={values.datetime} error={errors.datetime} onChange={(datetime) => update({ datetime })} />
      <ChoiceGroup legend="Method" name="feeding-method" options={METHODS} value={values.method} onChange={(method) => update({ method })} />
      {isBottle && (
        <>
          <ChoiceGroup legend="Feeding type" name="feeding-type" options={FEEDING_TYPES} value={values.feedingType} onChange={(feedingType) => update({ feedingType })} />
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
    </>
  );
}

export function AddFeedingDialog({ open, onClose, childId, resume }: AddEntryDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Add Feeding" className="entry-dialog">
      {/* Mounted only while open, so every opening starts from fresh values dated now. */}
      <FeedingForm childId={childId} resume={resume} onDone={onClose} />
    </Dialog>
  );
}

function FeedingForm({ childId, resume, onDone }: { childId: string; resume: WaitingWrite | undefined; onDone: () => void }) {
  const createFeeding = useCreateEntry('feeding', createFeedingWrite);
  const replace = useReplaceWaiting(resume?.itemId, createFeedingWrite);
  const { volume } = useUnits();
  const { values, errors, update, handleSubmit, formRef, isPending } = useEntryForm({
    empty: resume ? () => resume.values as FeedingFormValues : emptyFeedingForm(volume),
    validate: validateFeedingForm,
    toInput: (filled: FeedingFormValues) => toCreateFeedingInput(childId, filled),
    mutation: resume ? replace : createFeeding,
    what: 'the feeding',
    onDone,
  });

  return (
    <form ref={formRef} className="form" noValidate onSubmit={handleSubmit}>
      <FeedingFields values={values} errors={errors} update={update} />
      <FormDialogActions onCancel={onDone} pending={isPending} submitLabel="Add Entry" pendingLabel="Adding..." />
    </form>
  );
}

export const feedingEntry: WebEntryKind<'feeding'> = {
  kind: 'feeding',
  add: 'Add Feeding',
  facts: { duration: 'Duration', amount: 'Amount' },
  AddDialog: AddFeedingDialog,
};
