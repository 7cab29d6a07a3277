import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { PASSWORD_MIN_LENGTH } from '../../../config/constants.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUpdatePassword } from '../api/update-password.ts';

type ChangePasswordFormProps = { onCancel: () => void; onSuccess: () => void };

export function ChangePasswordForm({ onCancel, onSuccess }: ChangePasswordFormProps) {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const updatePassword = useUpdatePassword();

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
    <form className="form inline-form" onSubmit={handleSubmit} noValidate aria-label="Change password">
      <TextField
        label="Current Password"
        type="password"
        autoComplete="current-password"
        required
        value={currentPassword}
        onChange={(event) => setCurrentPassword(event.target.value)}
      />
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        value={newPassword}
        error={tooShort ? 'Password must be at least 8 characters' : undefined}
        hint="At least 8 characters"
        onChange={(event) => setNewPassword(event.target.value)}
      />
      <TextField
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        required
        value={confirmPassword}
        error={mismatch ? 'Passwords do not match' : undefined}
        onChange={(event) => setConfirmPassword(event.target.value)}
      />
      <div className="form-actions">
        <Button type="submit" disabled={!canSubmit}>
          {updatePassword.isPending ? 'Updating...' : 'Update Password'}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
      <FormError
        message={updatePassword.isError ? errorMessage(updatePassword.error, 'Failed to update password.') : null}
      />
    </form>
  );
}
