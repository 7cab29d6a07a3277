// Diaper changes in the web app: their form (Add Diaper, two taps: what the diaper held, save; and
// Edit Diaper) and the write it sends. The rules and messages that matter are the domain's.
import Baby from 'lucide-react/icons/baby';
import { z } from 'zod/mini';
import { DIAPER_CONTENTS, diaperLine, STOOL_COLORS } from '@nightlight/domain/diapers/diaper-rules';
import { ChoiceGroup } from '../../../components/choice-group.tsx';
import { icon } from '../../../components/icons.tsx';
import { t, useT } from '../../../lib/i18n/i18n-store.ts';
import type { DiaperContents, StoolColor, TimelineEntry } from '../../../types/api.ts';
import { entryDialogs } from '../components/entry-dialogs.tsx';
import { EntryStartField, NotesField } from '../components/entry-fields.tsx';
import { parseDateTimeInputValue, toDateTimeInputValue, validateStartedAt } from '../lib/date-time-input.ts';
import { previewLine } from '../lib/offline-preview.ts';
import type { EntryForm, FieldsProps } from './entry-form.ts';
import type { WebEntryKind } from './web-entry-kind.ts';

export const createDiaperInputSchema = z
  .object({
    childId: z.string().check(z.minLength(1)),
    occurredAt: z.iso.datetime(),
    contents: z.enum(DIAPER_CONTENTS),
    color: z.optional(z.enum(STOOL_COLORS)),
    notes: z.optional(z.string().check(z.maxLength(1000))),
  })
  // A colour describes stool: a wet or dry diaper has none.
  .check(z.refine((input) => input.color === undefined || input.contents === 'dirty' || input.contents === 'both', { message: 'Color applies to dirty diapers only' }));

export type CreateDiaperInput = z.infer<typeof createDiaperInputSchema>;

/** What a diaper held, as its line says it in the reader's language ('Wet + dirty · green'); the server words it in English. */
export function diaperLineText({ contents, color }: { contents: DiaperContents; color: StoolColor | null }): string {
  const held = t('diaperLine.contents', { contents });
  return color ? t('diaperLine.withColor', { contents: held, color }) : held;
}

type DiaperFormValues = { datetime: string; contents: DiaperContents | null; color: StoolColor | null; notes: string };
type DiaperFormErrors = Partial<Record<'datetime' | 'contents', string>>;

const hasStool = (contents: DiaperContents | null): boolean => contents === 'dirty' || contents === 'both';

/** Nothing chosen yet: the parent's first tap says what the diaper held, the second saves it. */
const emptyDiaperForm = (datetime: string): DiaperFormValues => ({ datetime, contents: null, color: null, notes: '' });

function validateDiaperForm(values: DiaperFormValues, now: Date): DiaperFormErrors {
  const errors: DiaperFormErrors = {};
  const datetime = validateStartedAt(values.datetime, now);
  if (datetime) errors.datetime = datetime;
  if (values.contents === null) errors.contents = t('diaperForm.contentsRequired');
  return errors;
}

/** Form values (already validated) as POST /api/diapers takes them; a colour only with stool. */
function toCreateDiaperInput(childId: string, values: DiaperFormValues): CreateDiaperInput {
  const occurredAt = parseDateTimeInputValue(values.datetime);
  if (!occurredAt || values.contents === null) throw new Error('toCreateDiaperInput needs validated values');
  const notes = values.notes.trim();
  return {
    childId,
    occurredAt: occurredAt.toISOString(),
    contents: values.contents,
    ...(hasStool(values.contents) && values.color ? { color: values.color } : {}),
    ...(notes ? { notes } : {}),
  };
}

function diaperPreview(id: string, input: CreateDiaperInput): TimelineEntry {
  const line = { contents: input.contents, color: input.color ?? null };
  return previewLine('Diaper', id, { ...diaperLine(line), amount: diaperLineText(line) }, { startedAt: input.occurredAt, endedAt: input.occurredAt }, input.notes);
}

/** Two taps: what the diaper held, then save; the time is now unless changed, the colour optional. */
function DiaperFields({ values, errors, update }: FieldsProps<DiaperFormValues, DiaperFormErrors>) {
  const t = useT();
  return (
    <>
      <ChoiceGroup
        legend={t('diaperForm.contents')}
        name="diaper-contents"
        options={DIAPER_CONTENTS}
        labelOf={(contents) => t('diaperForm.content', { contents })}
        value={values.contents}
        error={errors.contents}
        onChange={(contents) => update({ contents })}
      />
      {hasStool(values.contents) && (
        <ChoiceGroup
          legend={t('diaperForm.color')}
          name="diaper-color"
          options={STOOL_COLORS}
          labelOf={(color) => t('diaperForm.colorOf', { color })}
          value={values.color}
          onChange={(color) => update({ color })}
        />
      )}
      <EntryStartField label={t('kindForm.dateTime')} value={values.datetime} error={errors.datetime} onChange={(datetime) => update({ datetime })} />
      <NotesField value={values.notes} onChange={(notes) => update({ notes })} />
    </>
  );
}

export const diaperForm: EntryForm<'diaper', DiaperFormValues, DiaperFormErrors, CreateDiaperInput> = {
  kind: 'diaper',
  name: 'Diaper',
  what: 'the diaper change',
  empty: emptyDiaperForm,
  fromEntry: (diaper) => ({ datetime: toDateTimeInputValue(new Date(diaper.occurredAt)), contents: diaper.contents, color: diaper.color, notes: diaper.notes }),
  validate: validateDiaperForm,
  toInput: toCreateDiaperInput,
  toCorrection: (diaper, original, values) => {
    const input = toCreateDiaperInput(diaper.childId, values);
    return values.datetime === original.datetime ? { ...input, occurredAt: diaper.occurredAt } : input;
  },
  checked: (input) => createDiaperInputSchema.parse(input),
  preview: diaperPreview,
  Fields: DiaperFields,
};

const dialogs = entryDialogs(diaperForm);
export const { AddDialog: AddDiaperDialog, EditDialog: EditDiaperDialog, write: createDiaperWrite } = dialogs;

export const diaperEntry: WebEntryKind<'diaper'> = {
  kind: 'diaper',
  icon: icon(Baby),
  add: 'Add Diaper',
  plural: 'Diapers',
  facts: { duration: null, amount: 'Contents' },
  AddDialog: AddDiaperDialog,
  EditDialog: EditDiaperDialog,
  // What it held in the reader's language, and the guidance ('Talk to your pediatrician') on the line in the list.
  lineOf: (diaper) => ({ ...diaper.entry, amount: diaperLineText(diaper), guidance: diaper.guidance }),
};
