import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/button.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { PRODUCT_NAME } from '../../../config/constants.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { useLogin } from '../api/login.ts';
import { AuthLayout } from '../../../components/auth-layout.tsx';
import { useT } from '../../../lib/i18n/i18n-store.ts';

export function LoginPage() {
  const navigate = useNavigate();
  // Back to a family's join page after signing in; only a path of this app, never another site.
  const next = useSearchParams()[0].get('next');
  const target = next && next.startsWith('/join/') ? next : '/';
  const alreadySignedIn = useAuthStore((state) => state.isSessionValid());
  const t = useT();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useLogin({ onSuccess: () => void navigate(target, { replace: true }) });

  if (alreadySignedIn && !login.isPending && !login.isSuccess) return <Navigate to={target} replace />;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    login.mutate({ email: email.trim(), password });
  }

  return (
    <AuthLayout
      title={t('login.title', { product: PRODUCT_NAME })}
      subtitle={t('login.subtitle')}
    >
      <form className="form" onSubmit={handleSubmit}>
        <FormError message={login.isError ? errorMessage(login.error, t('login.failed')) : null} />
        <TextField
          label={t('auth.email')}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          label={t('auth.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="submit" fullWidth disabled={login.isPending}>
          {login.isPending ? t('login.signingIn') : t('login.signIn')}
        </Button>
      </form>
      <p className="auth-switch">
        {t('login.noAccount')} <Link to="/auth/register">{t('login.createOne')}</Link>
      </p>
    </AuthLayout>
  );
}
