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

export function LoginPage() {
  const navigate = useNavigate();
  // Back to a family's join page after signing in; only a path of this app, never another site.
  const next = useSearchParams()[0].get('next');
  const target = next && next.startsWith('/join/') ? next : '/';
  const alreadySignedIn = useAuthStore((state) => state.isSessionValid());
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
      title={`Welcome to ${PRODUCT_NAME}`}
      subtitle="Privacy-first baby tracking: log feedings and sleep, see the patterns, keep your family's data yours."
    >
      <form className="form" onSubmit={handleSubmit}>
        <FormError message={login.isError ? errorMessage(login.error, 'Login failed. Please try again.') : null} />
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="submit" fullWidth disabled={login.isPending}>
          {login.isPending ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
      <p className="auth-switch">
        Don&apos;t have an account? <Link to="/auth/register">Create one</Link>
      </p>
    </AuthLayout>
  );
}
