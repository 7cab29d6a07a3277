import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { Card } from '../../../components/card.tsx';
import { ChangeEmailForm } from './change-email-form.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { DisplayNameForm } from './display-name-form.tsx';
import { UnitsForm } from './units-form.tsx';

type OpenForm = 'email' | 'password' | null;

export function AccountSettingsCard({ email }: { email: string }) {
  const [openForm, setOpenForm] = useState<OpenForm>(null);
  const [success, setSuccess] = useState<string | null>(null);

  function toggle(form: Exclude<OpenForm, null>) {
    setSuccess(null);
    setOpenForm((current) => (current === form ? null : form));
  }

  function done(message: string) {
    setOpenForm(null);
    setSuccess(message);
  }

  return (
    <Card title="Account Settings">
      {success && (
        <p className="form-success" role="status">
          {success}
        </p>
      )}
      <div className="setting-row">
        <div>
          <p className="setting-label">Email</p>
          <p className="setting-value" aria-label="Current email">
            {email}
          </p>
        </div>
        <Button variant="secondary" aria-expanded={openForm === 'email'} onClick={() => toggle('email')}>
          Change Email
        </Button>
      </div>
      {openForm === 'email' && (
        <ChangeEmailForm onCancel={() => setOpenForm(null)} onSuccess={() => done('Email updated successfully!')} />
      )}
      <div className="setting-row">
        <div>
          <p className="setting-label">Password</p>
          <p className="setting-value" aria-label="Password (hidden)">
            ••••••••
          </p>
        </div>
        <Button variant="secondary" aria-expanded={openForm === 'password'} onClick={() => toggle('password')}>
          Change Password
        </Button>
      </div>
      {openForm === 'password' && (
        <ChangePasswordForm
          onCancel={() => setOpenForm(null)}
          onSuccess={() => done('Password updated successfully!')}
        />
      )}
      <DisplayNameForm />
      <UnitsForm />
    </Card>
  );
}
