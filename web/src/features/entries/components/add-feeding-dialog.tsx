import { Dialog } from '../../../components/dialog.tsx';
import { useReplaceWaiting } from '../../../hooks/use-outbox.ts';
import type { WaitingWrite } from '../lib/waiting-entries.ts';
import { FormDialogActions } from '../../../components/form-dialog-actions.tsx';
import { useUnits } from '../../../hooks/use-units.ts';
import { useCreateFeeding, createFeedingWrite } from '../api/create-feeding.ts';
import { useEntryForm } from '../hooks/use-entry-form.ts';
import { emptyFeedingForm, toCreateFeedingInput, validateFeedingForm, type FeedingFormValues } from '../lib/feeding-form.ts';
import { FeedingFields } from './feeding-fields.tsx';
import '../../../styles/dashboard.css';

/** `resume`: Edit on a write the server refused after it waited offline; saving replaces it. */
type AddFeedingDialogProps = { open: boolean; onClose: () => void; childId: string; resume?: WaitingWrite };

export function AddFeedingDialog({ open, onClose, childId, resume }: AddFeedingDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Add Feeding" className="entry-dialog">
      {/* Mounted only while open, so every opening starts from fresh values dated now. */}
      <FeedingForm childId={childId} resume={resume} onDone={onClose} />
    </Dialog>
  );
}

function FeedingForm({ childId, resume, onDone }: { childId: string; resume: WaitingWrite | undefined; onDone: () => void }) {
  const createFeeding = useCreateFeeding();
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
