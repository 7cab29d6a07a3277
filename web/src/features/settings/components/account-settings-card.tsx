import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { Card } from '../../../components/card.tsx';
import { ChangeEmailForm } from './change-email-form.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { DisplayNameForm } from './display-name-form.tsx';
import { LanguageForm } from './language-form.tsx';
import { UnitsForm } from './units-form.tsx';
import { useT } from '../../../lib/i18n/i18n-store.ts';

type OpenForm = 'email' | 'password' | null;

export function AccountSettingsCard({ email }: { email: string }) {
  const [openForm, setOpenForm] = useState<OpenForm>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const t = useT();

  function toggle(form: Exclude<OpenForm, null>) {
    setSuccess(null);
    setOpenForm((current) => (current === form ? null : form));
  }

  function done(message: string) {
    setOpenForm(null);
    setSuccess(message);
  }

  return (
    <Card title={t('settings.account')}>
      {success && (
        <p className="form-success" role="status">
          {success}
        </p>
      )}
      <div className="setting-row">
        <div>
          <p className="setting-label">{t('auth.email')}</p>
          <p className="setting-value" aria-label={t('settings.currentEmail')}>
            {email}
          </p>
        </div>
        <Button variant="secondary" aria-expanded={openForm === 'email'} onClick={() => toggle('email')}>
          {t('settings.changeEmail')}
        </Button>
      </div>
      {openForm === 'email' && (
        <ChangeEmailForm onCancel={() => setOpenForm(null)} onSuccess={() => done(t('settings.emailUpdated'))} />
      )}
      <div className="setting-row">
        <div>
          <p className="setting-label">{t('auth.password')}</p>
          <p className="setting-value" aria-label={t('settings.passwordHidden')}>
            ••••••••
          </p>
        </div>
        <Button variant="secondary" aria-expanded={openForm === 'password'} onClick={() => toggle('password')}>
          {t('settings.changePassword')}
        </Button>
      </div>
      {openForm === 'password' && (
        <ChangePasswordForm
          onCancel={() => setOpenForm(null)}
          onSuccess={() => done(t('settings.passwordUpdated'))}
        />
      )}
      <DisplayNameForm />
      <LanguageForm />
      <UnitsForm />
    </Card>
  );
}
