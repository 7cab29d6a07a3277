// Pumping sessions in the web app: their form (Add Pumping and Edit Pumping) and the write it
// sends. The duration's limit and the amounts' limits and steps are the domain's.
import GlassWater from 'lucide-react/icons/glass-water';
import { MAX_PUMPING_MINUTES, pumpingEndedAt, pumpingLine } from '@nightlight/domain/pumpings/pumping-rules';
import { ChoiceGroup } from '../../../components/choice-group.tsx';
import { icon } from '../../../components/icons.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { t, useT } from '../../../lib/i18n/i18n-store.ts';
import { VOLUME_LIMITS, volumeProblemText } from '../../../lib/units.ts';
import type { TimelineEntry, VolumeUnit } from '../../../types/api.ts';
import { entryDialogs } from '../components/entry-dialogs.tsx';
import { EntryStartField, NotesField } from '../components/entry-fields.tsx';
import { parseDateTimeInputValue, toDateTimeInputValue, validateStartedAt } from '../lib/date-time-input.ts';
import { previewLine } from '../lib/offline-preview.ts';
import { sideLettersText } from '../lib/side-letters.ts';
import type { EntryForm, FieldsProps } from './entry-form.ts';
import type { WebEntryKind } from './web-entry-kind.ts';

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

/** Only the start is required: a parent may log that they pumped, how long, or how much. */
function validatePumpingForm(values: PumpingFormValues, now: Date): PumpingFormErrors {
  const errors: PumpingFormErrors = {};
  const datetime = validateStartedAt(values.datetime, now);
  if (datetime) errors.datetime = datetime;
  if (values.durationMins.trim() !== '') {
    const minutes = Number(values.durationMins);
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > MAX_PUMPING_MINUTES) errors.durationMins = t('kindForm.durationRange', { min: 1, max: MAX_PUMPING_MINUTES });
  }
  for (const side of ['leftAmount', 'rightAmount'] as const) {
    if (values[side].trim() === '') continue;
    const problem = volumeProblemText(Number(values[side]), values.unit);
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
  const parts = pumpingLine({ leftAmount: input.leftAmount ?? null, rightAmount: input.rightAmount ?? null, unit: input.unit });
  return previewLine('Pumping', id, { ...parts, amount: sideLettersText(parts.amount) }, { startedAt: input.startedAt, endedAt }, input.notes);
}

const UNITS: readonly VolumeUnit[] = ['mL', 'oz'];

function PumpingFields({ values, errors, update }: FieldsProps<PumpingFormValues, PumpingFormErrors>) {
  const t = useT();
  const { max, step } = VOLUME_LIMITS[values.unit];
  const amountField = (side: 'leftAmount' | 'rightAmount', label: string) => (
    <TextField
      label={label}
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
    <>
      <EntryStartField label={t('kindForm.startDateTime')} value={values.datetime} error={errors.datetime} onChange={(datetime) => update({ datetime })} />
      <TextField
        label={t('kindForm.durationMinutesOptional')}
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_PUMPING_MINUTES}
        step={1}
        value={values.durationMins}
        error={errors.durationMins}
        onChange={(event) => update({ durationMins: event.target.value })}
      />
      <ChoiceGroup legend={t('kindForm.unit')} name="pumping-unit" options={UNITS} value={values.unit} onChange={(chosen) => update({ unit: chosen })} />
      <div className="field-pair">
        {amountField('leftAmount', t('pumpingForm.left', { unit: values.unit }))}
        {amountField('rightAmount', t('pumpingForm.right', { unit: values.unit }))}
      </div>
      <NotesField value={values.notes} onChange={(notes) => update({ notes })} />
    </>
  );
}

const text = (value: number | null) => (value === null ? '' : String(value));

export const pumpingForm: EntryForm<'pumping', PumpingFormValues, PumpingFormErrors, CreatePumpingInput> = {
  kind: 'pumping',
  name: 'Pumping',
  what: 'the pumping session',
  empty: (datetime, { volume }) => ({ datetime, durationMins: '', leftAmount: '', rightAmount: '', unit: volume, notes: '' }),
  // The amounts stay in the unit they were entered in, so saving without touching them keeps them exactly.
  fromEntry: (pumping) => ({
    datetime: toDateTimeInputValue(new Date(pumping.startedAt)),
    durationMins: text(pumping.durationMinutes),
    leftAmount: text(pumping.leftAmount),
    rightAmount: text(pumping.rightAmount),
    unit: pumping.unit,
    notes: pumping.notes,
  }),
  validate: validatePumpingForm,
  toInput: toCreatePumpingInput,
  toCorrection: (pumping, original, values) => {
    const input = toCreatePumpingInput(pumping.childId, values);
    return values.datetime === original.datetime ? { ...input, startedAt: pumping.startedAt } : input;
  },
  checked: (input) => input,
  preview: pumpingPreview,
  Fields: PumpingFields,
};

const dialogs = entryDialogs(pumpingForm);
export const { AddDialog: AddPumpingDialog, EditDialog: EditPumpingDialog, write: createPumpingWrite } = dialogs;

export const pumpingEntry: WebEntryKind<'pumping'> = {
  kind: 'pumping',
  icon: icon(GlassWater),
  add: 'Add Pumping',
  plural: 'Pumping',
  quiet: true,
  facts: { duration: 'Duration', amount: 'Pumped' },
  AddDialog: AddPumpingDialog,
  EditDialog: EditPumpingDialog,
  lineOf: (pumping) => ({ ...pumping.entry, amount: sideLettersText(pumping.entry.amount) }),
};
