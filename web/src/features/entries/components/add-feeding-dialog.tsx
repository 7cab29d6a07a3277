import { Dialog } from '../../../components/dialog.tsx';
import { FormDialogActions } from '../../../components/form-dialog-actions.tsx';
import { useUnits } from '../../../hooks/use-units.ts';
import { useCreateFeeding } from '../api/create-feeding.ts';
import { useEntryForm } from '../hooks/use-entry-form.ts';
import { emptyFeedingForm, toCreateFeedingInput, validateFeedingForm, type FeedingFormValues } from '../lib/feeding-form.ts';
import { FeedingFields } from './feeding-fields.tsx';
import '../../../styles/dashboard.css';

type AddFeedingDialogProps = { open: boolean; onClose: () => void; childId: string };

export function AddFeedingDialog({ open, onClose, childId }: AddFeedingDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Add Feeding" className="entry-dialog">
      {/* Mounted only while open, so every opening starts from fresh values dated now. */}
      <FeedingForm childId={childId} onDone={onClose} />
    </Dialog>
  );
}

function FeedingForm({ childId, onDone }: { childId: string; onDone: () => void }) {
  const createFeeding = useCreateFeeding();
  const { volume } = useUnits();
  const { values, errors, update, handleSubmit, formRef, isPending } = useEntryForm({
    empty: emptyFeedingForm(volume),
    validate: validateFeedingForm,
    toInput: (filled: FeedingFormValues) => toCreateFeedingInput(childId, filled),
    mutation: createFeeding,
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
