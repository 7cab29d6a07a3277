import { useState, type FormEvent } from 'react';
import { Dialog } from '../../../components/dialog.tsx';
import { FormDialogActions } from '../../../components/form-dialog-actions.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFocusFirstInvalid } from '../../../hooks/use-focus-first-invalid.ts';
import type { Child } from '../../../types/api.ts';
import { useDeleteChild } from '../api/delete-child.ts';
import { childName } from './child-summary.tsx';

type DeleteChildDialogProps = { child: Child | null; onClose: () => void };

export function DeleteChildDialog({ child, onClose }: DeleteChildDialogProps) {
  const [confirmText, setConfirmText] = useState('');
  const [confirmError, setConfirmError] = useState<string | undefined>();
  const deleteChild = useDeleteChild();
  const { ref: formRef, focusFirstInvalid } = useFocusFirstInvalid();

  // Inputs and errors never carry over to the next time the dialog opens.
  function close() {
    setConfirmText('');
    setConfirmError(undefined);
    deleteChild.reset();
    onClose();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!child) return;
    if (confirmText !== 'DELETE') {
      setConfirmError('Please type DELETE to confirm');
      focusFirstInvalid();
      return;
    }
    deleteChild.mutate(child.id, { onSuccess: close });
  }

  const name = child ? childName(child) : '';

  return (
    <Dialog
      open={child !== null}
      onClose={close}
      title={`Delete ${name}`}
      description={
        <p>
          This will permanently delete {name} and all of their feeding, sleep and activity data. This action cannot be
          undone.
        </p>
      }
    >
      <form ref={formRef} className="form" onSubmit={handleSubmit} noValidate>
        <TextField
          label="Type DELETE to confirm"
          autoComplete="off"
          value={confirmText}
          error={confirmError}
          onChange={(event) => {
            setConfirmText(event.target.value);
            setConfirmError(undefined);
          }}
        />
        <FormError message={deleteChild.isError ? errorMessage(deleteChild.error, 'Failed to delete child.') : null} />
        <FormDialogActions onCancel={close} pending={deleteChild.isPending} submitLabel="Delete Child" pendingLabel="Deleting..." variant="danger" />
      </form>
    </Dialog>
  );
}
