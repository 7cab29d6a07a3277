// Solid foods in the web app: their form (Add Solids and Edit Solids: the food, how much was eaten,
// a reaction) and the write it sends. The rules and messages that matter are the domain's.
import Utensils from 'lucide-react/icons/utensils';
import { MAX_FOOD_LENGTH, SOLID_AMOUNTS, solidLine, type SolidAmount } from '@nightlight/domain/solids/solid-rules';
import { ChoiceGroup } from '../../../components/choice-group.tsx';
import { icon } from '../../../components/icons.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { t, useT } from '../../../lib/i18n/i18n-store.ts';
import type { TimelineEntry } from '../../../types/api.ts';
import { entryDialogs } from '../components/entry-dialogs.tsx';
import { EntryStartField, NotesField } from '../components/entry-fields.tsx';
import { parseDateTimeInputValue, toDateTimeInputValue, validateStartedAt } from '../lib/date-time-input.ts';
import { previewLine } from '../lib/offline-preview.ts';
import type { EntryForm, FieldsProps } from './entry-form.ts';
import type { WebEntryKind } from './web-entry-kind.ts';

export type CreateSolidInput = { childId: string; occurredAt: string; food: string; amount: SolidAmount; reaction: boolean; notes?: string };

type SolidFormValues = { datetime: string; food: string; amount: SolidAmount | null; reaction: boolean; notes: string };
type SolidFormErrors = Partial<Record<'datetime' | 'food' | 'amount', string>>;

const emptySolidForm = (datetime: string): SolidFormValues => ({ datetime, food: '', amount: null, reaction: false, notes: '' });

function validateSolidForm(values: SolidFormValues, now: Date): SolidFormErrors {
  const errors: SolidFormErrors = {};
  const datetime = validateStartedAt(values.datetime, now);
  if (datetime) errors.datetime = datetime;
  const food = values.food.trim();
  if (food === '') errors.food = t('solidForm.foodRequired');
  else if (food.length > MAX_FOOD_LENGTH) errors.food = t('solidForm.foodTooLong', { max: MAX_FOOD_LENGTH });
  if (values.amount === null) errors.amount = t('solidForm.amountRequired');
  return errors;
}

function toCreateSolidInput(childId: string, values: SolidFormValues): CreateSolidInput {
  const occurredAt = parseDateTimeInputValue(values.datetime);
  if (!occurredAt || values.amount === null) throw new Error('toCreateSolidInput needs validated values');
  const notes = values.notes.trim();
  return { childId, occurredAt: occurredAt.toISOString(), food: values.food.trim(), amount: values.amount, reaction: values.reaction, ...(notes ? { notes } : {}) };
}

/** A meal's line in the reader's language, the food in front: 'Banana · Some · reaction'; the server words it in English. */
export function solidLineText(solid: { food: string; amount: SolidAmount; reaction: boolean }): string {
  const eaten = t('solidForm.amount', { amount: solid.amount });
  const amount = solid.reaction ? t('solidLine.reaction', { amount: eaten }) : eaten;
  return solid.food ? `${solid.food} · ${amount}` : amount;
}

function solidPreview(id: string, input: CreateSolidInput): TimelineEntry {
  const line = { ...solidLine(input), amount: solidLineText(input) };
  return previewLine('Solid', id, line, { startedAt: input.occurredAt, endedAt: input.occurredAt }, input.notes);
}

function SolidFields({ values, errors, update }: FieldsProps<SolidFormValues, SolidFormErrors>) {
  const t = useT();
  return (
    <>
      <TextField label={t('solidForm.food')} placeholder={t('solidForm.foodPlaceholder')} maxLength={MAX_FOOD_LENGTH} value={values.food} error={errors.food} onChange={(event) => update({ food: event.target.value })} />
      <ChoiceGroup
        legend={t('solidForm.howMuch')}
        name="solid-amount"
        options={SOLID_AMOUNTS}
        labelOf={(amount) => t('solidForm.amount', { amount })}
        value={values.amount}
        error={errors.amount}
        onChange={(amount) => update({ amount })}
      />
      <label className="switch">
        <input type="checkbox" role="switch" checked={values.reaction} onChange={(event) => update({ reaction: event.target.checked })} />
        <span>{t('solidForm.reaction')}</span>
      </label>
      <EntryStartField label={t('kindForm.dateTime')} value={values.datetime} error={errors.datetime} onChange={(datetime) => update({ datetime })} />
      <NotesField value={values.notes} onChange={(notes) => update({ notes })} />
    </>
  );
}

export const solidForm: EntryForm<'solid', SolidFormValues, SolidFormErrors, CreateSolidInput> = {
  kind: 'solid',
  name: 'Solids',
  what: 'the solid food',
  empty: emptySolidForm,
  fromEntry: (solid) => ({ datetime: toDateTimeInputValue(new Date(solid.occurredAt)), food: solid.food, amount: solid.amount, reaction: solid.reaction, notes: solid.notes }),
  validate: validateSolidForm,
  toInput: toCreateSolidInput,
  toCorrection: (solid, original, values) => {
    const input = toCreateSolidInput(solid.childId, values);
    return values.datetime === original.datetime ? { ...input, occurredAt: solid.occurredAt } : input;
  },
  checked: (input) => input,
  preview: solidPreview,
  Fields: SolidFields,
};

const dialogs = entryDialogs(solidForm);
export const { AddDialog: AddSolidDialog, EditDialog: EditSolidDialog, write: createSolidWrite } = dialogs;

export const solidEntry: WebEntryKind<'solid'> = {
  kind: 'solid',
  icon: icon(Utensils),
  add: 'Add Solids',
  plural: 'Solids',
  facts: { duration: null, amount: 'Food' },
  AddDialog: AddSolidDialog,
  EditDialog: EditSolidDialog,
  lineOf: (solid) => ({ ...solid.entry, amount: solidLineText(solid) }),
};
