import { Dialog } from '../../../components/dialog.tsx';
import { useReplaceWaiting } from '../../../hooks/use-outbox.ts';
import type { WaitingWrite } from '../lib/waiting-entries.ts';
import { FormDialogActions } from '../../../components/form-dialog-actions.tsx';
import { DIAPER_CONTENTS, STOOL_COLORS, useCreateDiaper, createDiaperWrite } from '../api/create-diaper.ts';
import { useEntryForm } from '../hooks/use-entry-form.ts';
import {
  COLOR_LABELS,
  CONTENTS_LABELS,
  emptyDiaperForm,
  hasStool,
  toCreateDiaperInput,
  validateDiaperForm,
  type DiaperFormValues,
} from '../lib/diaper-form.ts';
import { ChoiceGroup } from '../../../components/choice-group.tsx';
import { EntryStartField, NotesField } from './entry-fields.tsx';
import '../../../styles/dashboard.css';

/** `resume`: Edit on a write the server refused after it waited offline; saving replaces it. */
type AddDiaperDialogProps = { open: boolean; onClose: () => void; childId: string; resume?: WaitingWrite };

export function AddDiaperDialog({ open, onClose, childId, resume }: AddDiaperDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Add Diaper" className="entry-dialog">
      {/* Mounted only while open, so every opening starts from fresh values dated now. */}
      <DiaperForm childId={childId} resume={resume} onDone={onClose} />
    </Dialog>
  );
}

/** Two taps: what the diaper held, then save; the time is now unless changed, the colour optional. */
function DiaperForm({ childId, resume, onDone }: { childId: string; resume: WaitingWrite | undefined; onDone: () => void }) {
  const createDiaper = useCreateDiaper();
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
