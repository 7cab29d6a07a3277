import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Dialog } from '../../../components/dialog.tsx';
import { FormDialogActions } from '../../../components/form-dialog-actions.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { LOGIN_PATH } from '../../../config/constants.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFocusFirstInvalid } from '../../../hooks/use-focus-first-invalid.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
import { useT } from '../../../lib/i18n/i18n-store.ts';

type Errors = { confirmText?: string; password?: string };

type DeleteAccountDialogProps = { open: boolean; onClose: () => void };

export function DeleteAccountDialog({ open, onClose }: DeleteAccountDialogProps) {
  const navigate = useNavigate();
  const [confirmText, setConfirmText] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const { ref: formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const t = useT();
  const deleteAccount = useDeleteAccount({ onSuccess: () => void navigate(LOGIN_PATH, { replace: true }) });

  // Inputs and errors never carry over to the next time the dialog opens.
  function close() {
    setConfirmText('');
    setPassword('');
    setErrors({});
    deleteAccount.reset();
    onClose();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Errors = {};
    if (confirmText !== 'DELETE') found.confirmText = t('danger.typeDeleteError');
    if (!password.trim()) found.password = t('register.passwordRequired');
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid();
      return;
    }
    deleteAccount.mutate({ password, confirmText: 'DELETE' });
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('danger.deleteAccount')}
      description={
        <p>{t('danger.accountEffect')}</p>
      }
    >
      <form ref={formRef} className="form" onSubmit={handleSubmit} noValidate>
        <TextField
          label={t('danger.typeDelete')}
          autoComplete="off"
          value={confirmText}
          error={errors.confirmText}
          onChange={(event) => setConfirmText(event.target.value)}
        />
        <TextField
          label={t('auth.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          error={errors.password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <FormError
          message={deleteAccount.isError ? errorMessage(deleteAccount.error, t('danger.accountFailed')) : null}
        />
        <FormDialogActions
          onCancel={close}
          pending={deleteAccount.isPending}
          submitLabel={t('danger.deleteMyAccount')}
          pendingLabel={t('danger.deleting')}
          variant="danger"
        />
      </form>
    </Dialog>
  );
}
