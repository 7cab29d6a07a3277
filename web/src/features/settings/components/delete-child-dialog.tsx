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
import { useT } from '../../../lib/i18n/i18n-store.ts';

type DeleteChildDialogProps = { child: Child | null; onClose: () => void };

export function DeleteChildDialog({ child, onClose }: DeleteChildDialogProps) {
  const [confirmText, setConfirmText] = useState('');
  const [confirmError, setConfirmError] = useState<string | undefined>();
  const deleteChild = useDeleteChild();
  const { ref: formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const t = useT();

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
      setConfirmError(t('danger.typeDeleteError'));
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
      title={t('child.delete', { name })}
      description={
        <p>{t('danger.childEffect', { name })}</p>
      }
    >
      <form ref={formRef} className="form" onSubmit={handleSubmit} noValidate>
        <TextField
          label={t('danger.typeDelete')}
          autoComplete="off"
          value={confirmText}
          error={confirmError}
          onChange={(event) => {
            setConfirmText(event.target.value);
            setConfirmError(undefined);
          }}
        />
        <FormError message={deleteChild.isError ? errorMessage(deleteChild.error, t('danger.childFailed')) : null} />
        <FormDialogActions onCancel={close} pending={deleteChild.isPending} submitLabel={t('danger.deleteChild')} pendingLabel={t('danger.deleting')} variant="danger" />
      </form>
    </Dialog>
  );
}
