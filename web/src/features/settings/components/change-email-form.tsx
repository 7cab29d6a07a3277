import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFocusFirstInvalid } from '../../../hooks/use-focus-first-invalid.ts';
import { useUpdateEmail } from '../api/update-email.ts';
import { useT } from '../../../lib/i18n/i18n-store.ts';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type ChangeEmailFormProps = { onCancel: () => void; onSuccess: () => void };

export function ChangeEmailForm({ onCancel, onSuccess }: ChangeEmailFormProps) {
  const [newEmail, setNewEmail] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const updateEmail = useUpdateEmail();
  const { ref: formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const t = useT();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = newEmail.trim();
    if (!EMAIL_PATTERN.test(email)) {
      setEmailError(t('register.emailInvalid'));
      focusFirstInvalid();
      return;
    }
    updateEmail.mutate({ newEmail: email, currentPassword }, { onSuccess });
  }

  return (
    <form ref={formRef} className="form inline-form" onSubmit={handleSubmit} noValidate aria-label={t('settings.changeEmailForm')}>
      <TextField
        label={t('settings.newEmail')}
        type="email"
        autoComplete="email"
        required
        value={newEmail}
        error={emailError}
        onChange={(event) => {
          setNewEmail(event.target.value);
          setEmailError(undefined);
        }}
      />
      <TextField
        label={t('settings.currentPassword')}
        type="password"
        autoComplete="current-password"
        required
        value={currentPassword}
        onChange={(event) => setCurrentPassword(event.target.value)}
      />
      <div className="form-actions">
        <Button type="submit" disabled={!newEmail.trim() || !currentPassword || updateEmail.isPending}>
          {updateEmail.isPending ? t('settings.updating') : t('settings.updateEmail')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </div>
      <FormError message={updateEmail.isError ? errorMessage(updateEmail.error, t('settings.emailFailed')) : null} />
    </form>
  );
}
