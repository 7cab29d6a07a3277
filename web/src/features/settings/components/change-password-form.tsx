import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { PASSWORD_MIN_LENGTH } from '../../../config/constants.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUpdatePassword } from '../api/update-password.ts';
import { useT } from '../../../lib/i18n/i18n-store.ts';

type ChangePasswordFormProps = { onCancel: () => void; onSuccess: () => void };

export function ChangePasswordForm({ onCancel, onSuccess }: ChangePasswordFormProps) {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const updatePassword = useUpdatePassword();
  const t = useT();

  const tooShort = newPassword.length > 0 && newPassword.length < PASSWORD_MIN_LENGTH;
  const mismatch = confirmPassword.length > 0 && confirmPassword !== newPassword;
  const complete = currentPassword !== '' && newPassword !== '' && confirmPassword !== '';
  const canSubmit = complete && !tooShort && !mismatch && !updatePassword.isPending;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The submit button is disabled meanwhile (and Enter does not submit past a disabled
    // button); each problem is announced as it appears.
    if (!canSubmit) return;
    updatePassword.mutate({ currentPassword, newPassword, confirmPassword }, { onSuccess });
  }

  return (
    <form className="form inline-form" onSubmit={handleSubmit} noValidate aria-label={t('settings.changePasswordForm')}>
      <TextField
        label={t('settings.currentPassword')}
        type="password"
        autoComplete="current-password"
        required
        value={currentPassword}
        onChange={(event) => setCurrentPassword(event.target.value)}
      />
      <TextField
        label={t('settings.newPassword')}
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        value={newPassword}
        error={tooShort ? t('register.passwordTooShort', { min: PASSWORD_MIN_LENGTH }) : undefined}
        hint={t('password.minLength', { min: PASSWORD_MIN_LENGTH })}
        onChange={(event) => setNewPassword(event.target.value)}
      />
      <TextField
        label={t('settings.confirmNewPassword')}
        type="password"
        autoComplete="new-password"
        required
        value={confirmPassword}
        error={mismatch ? t('register.passwordsDiffer') : undefined}
        onChange={(event) => setConfirmPassword(event.target.value)}
      />
      <div className="form-actions">
        <Button type="submit" disabled={!canSubmit}>
          {updatePassword.isPending ? t('settings.updating') : t('settings.updatePassword')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </div>
      <FormError
        message={updatePassword.isError ? errorMessage(updatePassword.error, t('settings.passwordFailed')) : null}
      />
    </form>
  );
}
