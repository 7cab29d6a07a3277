// Medications in the web app: their form (Add Medication and Edit Medication: the medicine, the
// dose and its unit), the write it sends, and the dashboard's 'last given' line. The rules and
// messages that matter are the domain's.
import { useQuery } from '@tanstack/react-query';
import Pill from 'lucide-react/icons/pill';
import { humanDuration } from '@nightlight/domain/insights/human-forms';
import { DOSE_UNITS, MAX_DOSE, MAX_MEDICATION_NAME_LENGTH, medicationLine, type DoseUnit } from '@nightlight/domain/medications/medication-rules';
import type { EntryApiViews } from '@nightlight/domain/read-models/timeline/timeline-document';
import { ChoiceGroup } from '../../../components/choice-group.tsx';
import { icon } from '../../../components/icons.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { apiRequest } from '../../../lib/api-client.ts';
import { t, useLocale, useT, withLocalDecimals } from '../../../lib/i18n/i18n-store.ts';
import { entryListRoots } from '../../../lib/query-keys.ts';
import type { TimelineEntry } from '../../../types/api.ts';
import { entryDialogs } from '../components/entry-dialogs.tsx';
import { EntryStartField, NotesField } from '../components/entry-fields.tsx';
import { parseDateTimeInputValue, toDateTimeInputValue, validateStartedAt } from '../lib/date-time-input.ts';
import { previewLine } from '../lib/offline-preview.ts';
import type { EntryForm, FieldsProps } from './entry-form.ts';
import type { KindGlanceProps, WebEntryKind } from './web-entry-kind.ts';

export type CreateMedicationInput = { childId: string; occurredAt: string; name: string; dose: number; doseUnit: DoseUnit; notes?: string };

type MedicationFormValues = { datetime: string; name: string; dose: string; doseUnit: DoseUnit; notes: string };
type MedicationFormErrors = Partial<Record<'datetime' | 'name' | 'dose', string>>;

const emptyMedicationForm = (datetime: string): MedicationFormValues => ({ datetime, name: '', dose: '', doseUnit: 'mL', notes: '' });

function validateMedicationForm(values: MedicationFormValues, now: Date): MedicationFormErrors {
  const errors: MedicationFormErrors = {};
  const datetime = validateStartedAt(values.datetime, now);
  if (datetime) errors.datetime = datetime;
  const name = values.name.trim();
  if (name === '') errors.name = t('medicationForm.nameRequired');
  else if (name.length > MAX_MEDICATION_NAME_LENGTH) errors.name = t('medicationForm.nameTooLong', { max: MAX_MEDICATION_NAME_LENGTH });
  const dose = Number(values.dose);
  if (values.dose.trim() === '' || !(dose > 0) || dose > MAX_DOSE) errors.dose = t('medicationForm.doseRange', { max: MAX_DOSE });
  return errors;
}

function toCreateMedicationInput(childId: string, values: MedicationFormValues): CreateMedicationInput {
  const occurredAt = parseDateTimeInputValue(values.datetime);
  if (!occurredAt) throw new Error('toCreateMedicationInput needs validated values');
  const notes = values.notes.trim();
  return { childId, occurredAt: occurredAt.toISOString(), name: values.name.trim(), dose: Number(values.dose), doseUnit: values.doseUnit, ...(notes ? { notes } : {}) };
}

/** A dose in the reader's words and figures: '2.5 mL', '1 tablet', '3 gotas'. */
export const doseText = ({ dose, doseUnit }: { dose: number; doseUnit: DoseUnit }): string =>
  t('doseUnit.dose', { unit: doseUnit, count: dose, dose: withLocalDecimals(String(dose)) });

/** A dose's line in the reader's language, the name in front: 'Paracetamol · 2.5 mL'; the server words it in English. */
export const medicationLineText = (medication: { name: string; dose: number; doseUnit: DoseUnit }): string =>
  medication.name ? `${medication.name} · ${doseText(medication)}` : doseText(medication);

function medicationPreview(id: string, input: CreateMedicationInput): TimelineEntry {
  const line = { ...medicationLine(input), amount: medicationLineText(input) };
  return previewLine('Medication', id, line, { startedAt: input.occurredAt, endedAt: input.occurredAt }, input.notes);
}

function MedicationFields({ values, errors, update }: FieldsProps<MedicationFormValues, MedicationFormErrors>) {
  const t = useT();
  const unitName = (unit: DoseUnit) => t('doseUnit.name', { unit });
  return (
    <>
      <TextField label={t('medicationForm.medicine')} placeholder={t('medicationForm.medicinePlaceholder')} maxLength={MAX_MEDICATION_NAME_LENGTH} value={values.name} error={errors.name} onChange={(event) => update({ name: event.target.value })} />
      <TextField label={t('medicationForm.dose', { unit: unitName(values.doseUnit) })} type="number" inputMode="decimal" min={0} step="any" value={values.dose} error={errors.dose} onChange={(event) => update({ dose: event.target.value })} />
      <ChoiceGroup legend={t('kindForm.unit')} name="medication-dose-unit" options={DOSE_UNITS} labelOf={unitName} value={values.doseUnit} onChange={(doseUnit) => update({ doseUnit })} />
      <EntryStartField label={t('kindForm.dateTime')} value={values.datetime} error={errors.datetime} onChange={(datetime) => update({ datetime })} />
      <NotesField value={values.notes} onChange={(notes) => update({ notes })} />
    </>
  );
}

export const medicationForm: EntryForm<'medication', MedicationFormValues, MedicationFormErrors, CreateMedicationInput> = {
  kind: 'medication',
  name: 'Medication',
  what: 'the medication',
  empty: emptyMedicationForm,
  fromEntry: (medication) => ({ datetime: toDateTimeInputValue(new Date(medication.occurredAt)), name: medication.name, dose: String(medication.dose), doseUnit: medication.doseUnit, notes: medication.notes }),
  validate: validateMedicationForm,
  toInput: toCreateMedicationInput,
  toCorrection: (medication, original, values) => {
    const input = toCreateMedicationInput(medication.childId, values);
    return values.datetime === original.datetime ? { ...input, occurredAt: medication.occurredAt } : input;
  },
  checked: (input) => input,
  preview: medicationPreview,
  Fields: MedicationFields,
};

const dialogs = entryDialogs(medicationForm);
export const { AddDialog: AddMedicationDialog, EditDialog: EditMedicationDialog, write: createMedicationWrite } = dialogs;

const MINUTE_MS = 60_000;

/** 'Paracetamol 2.5 mL last given 3h 10m ago': what a parent checks before the next dose. */
export function lastGivenText(medication: Pick<EntryApiViews['medication'], 'name' | 'dose' | 'doseUnit' | 'occurredAt'>, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(medication.occurredAt)) / MINUTE_MS));
  return t('medication.lastGiven', { name: medication.name, dose: doseText(medication), minutes, since: humanDuration(minutes) });
}

/** The dashboard's line of the last medicine given, with the time since; nothing before the first. */
function LastGivenLine({ child: { id: childId }, now }: KindGlanceProps) {
  // Under [medications' list root, childId]: every medication written for the child refreshes it.
  const last = useQuery({
    queryKey: [entryListRoots.medication, childId, 'last'],
    queryFn: ({ signal }) => apiRequest<EntryApiViews['medication'][]>(`/api/medications?${new URLSearchParams({ childId, limit: '1' }).toString()}`, { signal }),
  });
  // Said again when the reader changes language.
  useLocale();
  const medication = last.data?.[0];
  if (!medication) return null;
  return <p className="glance-note">{lastGivenText(medication, now)}</p>;
}

export const medicationEntry: WebEntryKind<'medication'> = {
  kind: 'medication',
  icon: icon(Pill),
  add: 'Add Medication',
  quiet: true,
  plural: 'Medications',
  facts: { duration: null, amount: 'Dose' },
  AddDialog: AddMedicationDialog,
  EditDialog: EditMedicationDialog,
  Glance: LastGivenLine,
  lineOf: (medication) => ({ ...medication.entry, amount: medicationLineText(medication) }),
};
