import { useState } from 'react';
import { Dialog } from '../../../components/dialog.tsx';
import { FormDialogActions } from '../../../components/form-dialog-actions.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { useUnits } from '../../../hooks/use-units.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import type { Feeding } from '../../../types/api.ts';
import { updateFeedingWrite, useFeeding, useUpdateFeeding } from '../api/update-feeding.ts';
import { useReplaceWaiting } from '../../../hooks/use-outbox.ts';
import type { WaitingWrite } from '../lib/waiting-entries.ts';
import { useEntryForm } from '../hooks/use-entry-form.ts';
import { feedingFormOf, toUpdateFeedingInput } from '../lib/feeding-edit.ts';
import { FeedingFields, validateFeedingForm, type FeedingFormValues } from '../kinds/feeding.tsx';
import '../../../styles/dashboard.css';

/**
 * `resume`: Edit on a correction the server refused after it waited offline. The dialog opens with
 * the correction's values over the feeding it corrected, and saving replaces the refused one.
 */
type EditFeedingDialogProps = { open: boolean; onClose: () => void; childId: string; feedingId: string; resume?: WaitingWrite & { feeding: Feeding } };

export function EditFeedingDialog({ open, onClose, childId, feedingId, resume }: EditFeedingDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Edit Feeding" className="entry-dialog">
      {/* Mounted only while open, so every opening starts from the feeding as it is now. */}
      {resume ? <CorrectionForm feeding={resume.feeding} resume={resume} onDone={onClose} /> : <LoadedFeedingForm childId={childId} feedingId={feedingId} onDone={onClose} />}
    </Dialog>
  );
}

function LoadedFeedingForm({ childId, feedingId, onDone }: { childId: string; feedingId: string; onDone: () => void }) {
  const feeding = useFeeding(childId, feedingId);
  if (feeding.isPending) return <LoadingState message="Loading feeding..." />;
  if (feeding.isError) return <FormError message={errorMessage(feeding.error, 'Could not load the feeding')} />;
  return <CorrectionForm feeding={feeding.data} onDone={onDone} />;
}

function CorrectionForm({ feeding: loaded, resume, onDone }: { feeding: Feeding; resume?: WaitingWrite; onDone: () => void }) {
  const correct = useUpdateFeeding();
  const replace = useReplaceWaiting(resume?.itemId, updateFeedingWrite);
  const { volume } = useUnits();
  // The feeding and the values the form opened with, kept while it is open (a live update may read
  // the feeding again meanwhile): what the parent left alone is sent as it was.
  const [{ feeding, original }] = useState(() => ({ feeding: loaded, original: feedingFormOf(loaded, volume) }));
  const { values, errors, update, handleSubmit, formRef, isPending } = useEntryForm({
    empty: () => (resume ? (resume.values as FeedingFormValues) : original),
    validate: validateFeedingForm,
    toInput: (changed) => toUpdateFeedingInput(feeding, original, changed),
    // The feeding goes along, so that a refusal after waiting offline can reopen this dialog.
    mutation: {
      mutate: (variables, options) => (resume ? replace : correct).mutate({ ...variables, feeding }, options),
      isPending: correct.isPending || replace.isPending,
    },
    what: 'the correction',
    onDone,
  });

  return (
    <form ref={formRef} className="form" noValidate onSubmit={handleSubmit}>
      <FeedingFields values={values} errors={errors} update={update} />
      <FormDialogActions onCancel={onDone} pending={isPending} submitLabel="Save Changes" pendingLabel="Saving..." />
    </form>
  );
}
