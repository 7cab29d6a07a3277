// Diaper changes in the web app: the Add Diaper dialog (two taps: what the diaper held, save), its
// form and the write it sends. The rules and messages that matter are the domain's.
import { z } from 'zod/mini';
import { DIAPER_CONTENTS, STOOL_COLORS } from '@nightlight/domain/diapers/diaper.events';
import { diaperEntryView } from '@nightlight/domain/diapers/diaper-timeline';
import { ChoiceGroup } from '../../../components/choice-group.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { FormDialogActions } from '../../../components/form-dialog-actions.tsx';
import { useReplaceWaiting } from '../../../hooks/use-outbox.ts';
import type { DiaperContents, StoolColor, TimelineEntry } from '../../../types/api.ts';
import { createEntryWrite, useCreateEntry, type CreateEntryVariables } from '../api/create-entry.ts';
import { EntryStartField, NotesField } from '../components/entry-fields.tsx';
import { useEntryForm } from '../hooks/use-entry-form.ts';
import { parseDateTimeInputValue, validateStartedAt } from '../lib/date-time-input.ts';
import { offlineEntryId, previewLine } from '../lib/offline-preview.ts';
import type { WaitingWrite } from '../lib/waiting-entries.ts';
import type { AddEntryDialogProps, WebEntryKind } from './web-entry-kind.ts';
import '../../../styles/dashboard.css';

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

const CONTENTS_LABELS = { wet: 'Wet', dirty: 'Dirty', both: 'Both', dry: 'Dry' } satisfies Record<DiaperContents, string>;
const COLOR_LABELS = { yellow: 'Yellow', green: 'Green', brown: 'Brown', black: 'Black', red: 'Red', white: 'White' } satisfies Record<StoolColor, string>;

type DiaperFormValues = { datetime: string; contents: DiaperContents | null; color: StoolColor | null; notes: string };
type DiaperFormErrors = Partial<Record<'datetime' | 'contents', string>>;

const hasStool = (contents: DiaperContents | null): boolean => contents === 'dirty' || contents === 'both';

/** Nothing chosen yet: the parent's first tap says what the diaper held, the second saves it. */
const emptyDiaperForm = (datetime: string): DiaperFormValues => ({ datetime, contents: null, color: null, notes: '' });

function validateDiaperForm(values: DiaperFormValues, now: Date): DiaperFormErrors {
  const errors: DiaperFormErrors = {};
  const datetime = validateStartedAt(values.datetime, now);
  if (datetime) errors.datetime = datetime;
  if (values.contents === null) errors.contents = 'Choose what the diaper held';
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
  return previewLine((zone) => diaperEntryView({ id, occurredAt: input.occurredAt, contents: input.contents, color: input.color ?? null }, zone), input.notes);
}

export function createDiaperWrite(variables: CreateEntryVariables<CreateDiaperInput>) {
  const body = createDiaperInputSchema.parse(variables.input);
  return createEntryWrite('diaper', body, diaperPreview(offlineEntryId(variables.idempotencyKey), body), variables);
}

export function AddDiaperDialog({ open, onClose, childId, resume }: AddEntryDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Add Diaper" className="entry-dialog">
      {/* Mounted only while open, so every opening starts from fresh values dated now. */}
      <DiaperForm childId={childId} resume={resume} onDone={onClose} />
    </Dialog>
  );
}

/** Two taps: what the diaper held, then save; the time is now unless changed, the colour optional. */
function DiaperForm({ childId, resume, onDone }: { childId: string; resume: WaitingWrite | undefined; onDone: () => void }) {
  const createDiaper = useCreateEntry('diaper', createDiaperWrite);
  const replace = useReplaceWaiting(resume?.itemId, createDiaperWrite);
  const { values, errors, update, handleSubmit, formRef, isPending } = useEntryForm({
    empty: resume ? () => resume.values as DiaperFormValues : emptyDiaperForm,
    validate: validateDiaperForm,
    toInput: (filled: DiaperFormValues) => toCreateDiaperInput(childId, filled),
    mutation: resume ? replace : createDiaper,
    what: 'the diaper change',
    onDone,
  });

  return (
    <form ref={formRef} className="form" noValidate onSubmit={handleSubmit}>
      <ChoiceGroup
        legend="Diaper"
        name="diaper-contents"
        options={DIAPER_CONTENTS}
        labelOf={(contents) => CONTENTS_LABELS[contents]}
        value={values.contents}
        error={errors.contents}
        onChange={(contents) => update({ contents })}
      />
      {hasStool(values.contents) && (
        <ChoiceGroup
          legend="Color (optional)"
          name="diaper-color"
          options={STOOL_COLORS}
          labelOf={(color) => COLOR_LABELS[color]}
          value={values.color}
          onChange={(color) => update({ color })}
        />
      )}
      <EntryStartField label="Date and time" value={values.datetime} error={errors.datetime} onChange={(datetime) => update({ datetime })} />
      <NotesField value={values.notes} onChange={(notes) => update({ notes })} />
      <FormDialogActions onCancel={onDone} pending={isPending} submitLabel="Add Entry" pendingLabel="Adding..." />
    </form>
  );
}

export const diaperEntry: WebEntryKind<'diaper'> = {
  kind: 'diaper',
  add: 'Add Diaper',
  facts: { duration: null, amount: 'Contents' },
  AddDialog: AddDiaperDialog,
  // The guidance ('Talk to your pediatrician') shows on the line in the list.
  lineOf: (diaper) => ({ ...diaper.entry, guidance: diaper.guidance }),
};
