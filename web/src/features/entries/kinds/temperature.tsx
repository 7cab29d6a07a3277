// Temperatures in the web app: their form (Add Temperature and Edit Temperature: the reading in the
// parent's scale, how it was taken) and the write it sends; the guidance for the child's age shows
// on its line. The rules, limits and messages that matter are the domain's.
import Thermometer from 'lucide-react/icons/thermometer';
import {
  TEMPERATURE_LIMITS,
  TEMPERATURE_METHODS,
  temperatureLine,
  temperatureProblem,
  temperatureText,
  type TemperatureMethod,
  type TemperatureUnit,
} from '@nightlight/domain/temperatures/temperature-rules';
import { ChoiceGroup } from '../../../components/choice-group.tsx';
import { icon } from '../../../components/icons.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { t, useT, withLocalDecimals } from '../../../lib/i18n/i18n-store.ts';
import type { TimelineEntry } from '../../../types/api.ts';
import { entryDialogs } from '../components/entry-dialogs.tsx';
import { EntryStartField, NotesField } from '../components/entry-fields.tsx';
import { parseDateTimeInputValue, toDateTimeInputValue, validateStartedAt } from '../lib/date-time-input.ts';
import { previewLine } from '../lib/offline-preview.ts';
import type { EntryForm, FieldsProps } from './entry-form.ts';
import type { WebEntryKind } from './web-entry-kind.ts';

export type CreateTemperatureInput = { childId: string; occurredAt: string; temperatureC?: number; temperatureF?: number; method: TemperatureMethod; notes?: string };

type TemperatureFormValues = { datetime: string; temperature: string; unit: TemperatureUnit; method: TemperatureMethod | null; notes: string };
type TemperatureFormErrors = Partial<Record<'datetime' | 'temperature' | 'method', string>>;

/** Metric readers read °C, imperial ones °F. */
const emptyTemperatureForm = (datetime: string, units: { growth: 'metric' | 'imperial' }): TemperatureFormValues => ({
  datetime,
  temperature: '',
  unit: units.growth === 'imperial' ? 'F' : 'C',
  method: null,
  notes: '',
});

/** The domain's check of a reading (temperatureProblem), said in the reader's language. */
function temperatureProblemText(value: number, unit: TemperatureUnit): string | undefined {
  if (!temperatureProblem(value, unit)) return undefined;
  const { min, max } = TEMPERATURE_LIMITS[unit];
  if (temperatureProblem(value, unit, false)) return t('temperatureForm.range', { min: withLocalDecimals(String(min)), max: withLocalDecimals(String(max)), unit });
  return t('temperatureForm.tenths');
}

/** A reading's line in the reader's language and figures ('38,2 °C · rektal'); the server words it in English. */
export function temperatureLineText(amount: string, method: TemperatureMethod | null): string {
  const suffix = ` · ${method}`;
  const reading = withLocalDecimals(method !== null && amount.endsWith(suffix) ? amount.slice(0, -suffix.length) : amount);
  return method === null ? reading : t('temperatureLine.withMethod', { reading, method });
}

function validateTemperatureForm(values: TemperatureFormValues, now: Date): TemperatureFormErrors {
  const errors: TemperatureFormErrors = {};
  const datetime = validateStartedAt(values.datetime, now);
  if (datetime) errors.datetime = datetime;
  const problem = values.temperature.trim() === '' ? t('temperatureForm.required') : temperatureProblemText(Number(values.temperature), values.unit);
  if (problem) errors.temperature = problem;
  if (values.method === null) errors.method = t('temperatureForm.methodRequired');
  return errors;
}

function toCreateTemperatureInput(childId: string, values: TemperatureFormValues): CreateTemperatureInput {
  const occurredAt = parseDateTimeInputValue(values.datetime);
  if (!occurredAt || values.method === null) throw new Error('toCreateTemperatureInput needs validated values');
  const notes = values.notes.trim();
  const reading = values.unit === 'C' ? { temperatureC: Number(values.temperature) } : { temperatureF: Number(values.temperature) };
  return { childId, occurredAt: occurredAt.toISOString(), ...reading, method: values.method, ...(notes ? { notes } : {}) };
}

function temperaturePreview(id: string, input: CreateTemperatureInput): TimelineEntry {
  const reading = input.temperatureC !== undefined ? { temperature: input.temperatureC, unit: 'C' as const } : { temperature: input.temperatureF!, unit: 'F' as const };
  const line = { ...temperatureLine({ ...reading, method: input.method }), amount: temperatureLineText(temperatureText(reading), input.method) };
  return previewLine('Temperature', id, line, { startedAt: input.occurredAt, endedAt: input.occurredAt }, input.notes);
}

function TemperatureFields({ values, errors, update }: FieldsProps<TemperatureFormValues, TemperatureFormErrors>) {
  const t = useT();
  const { min, max } = TEMPERATURE_LIMITS[values.unit];
  return (
    <>
      <TextField
        label={t('temperatureForm.reading', { unit: values.unit })}
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        step={0.1}
        value={values.temperature}
        error={errors.temperature}
        onChange={(event) => update({ temperature: event.target.value })}
      />
      <ChoiceGroup
        legend={t('temperatureForm.taken')}
        name="temperature-method"
        options={TEMPERATURE_METHODS}
        labelOf={(method) => t('temperatureForm.method', { method })}
        value={values.method}
        error={errors.method}
        onChange={(method) => update({ method })}
      />
      <EntryStartField label={t('kindForm.dateTime')} value={values.datetime} error={errors.datetime} onChange={(datetime) => update({ datetime })} />
      <NotesField value={values.notes} onChange={(notes) => update({ notes })} />
    </>
  );
}

export const temperatureForm: EntryForm<'temperature', TemperatureFormValues, TemperatureFormErrors, CreateTemperatureInput> = {
  kind: 'temperature',
  name: 'Temperature',
  what: 'the temperature',
  empty: emptyTemperatureForm,
  // Opened in the scale it was entered in, so a correction of the time changes nothing else.
  fromEntry: (reading) => ({ datetime: toDateTimeInputValue(new Date(reading.occurredAt)), temperature: String(reading.temperature), unit: reading.unit, method: reading.method, notes: reading.notes }),
  validate: validateTemperatureForm,
  toInput: toCreateTemperatureInput,
  toCorrection: (reading, original, values) => {
    const input = toCreateTemperatureInput(reading.childId, values);
    return values.datetime === original.datetime ? { ...input, occurredAt: reading.occurredAt } : input;
  },
  checked: (input) => input,
  preview: temperaturePreview,
  Fields: TemperatureFields,
};

const dialogs = entryDialogs(temperatureForm);
export const { AddDialog: AddTemperatureDialog, EditDialog: EditTemperatureDialog, write: createTemperatureWrite } = dialogs;

export const temperatureEntry: WebEntryKind<'temperature'> = {
  kind: 'temperature',
  icon: icon(Thermometer),
  add: 'Add Temperature',
  quiet: true,
  plural: 'Temperatures',
  facts: { duration: null, amount: 'Reading' },
  AddDialog: AddTemperatureDialog,
  EditDialog: EditTemperatureDialog,
  // The reading in the reader's language, and the guidance ('Call your pediatrician') on the line in the list.
  lineOf: (reading) => ({ ...reading.entry, amount: temperatureLineText(reading.entry.amount, reading.method), guidance: reading.guidance }),
};
