import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { testUser } from '../../../testing/auth-fixtures.ts';
import { server } from '../../../testing/msw-server.ts';
import { renderPage } from '../../../testing/render-app.tsx';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { LoginPage } from './login-page.tsx';

async function fillAndSubmit() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), 'parent@example.com');
  await user.type(screen.getByLabelText('Password'), 'Secret123');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('LoginPage', () => {
  it('shows the title, the tagline and a link to register', () => {
    renderPage(<LoginPage />, { path: '/auth/login' });

    expect(screen.getByRole('heading', { name: 'Welcome to Nightlight' })).toBeInTheDocument();
    expect(screen.getByText(/Privacy-first baby tracking/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create one' })).toHaveAttribute('href', '/auth/register');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
  });

  it('signs in, stores the session and goes to the dashboard', async () => {
    let body: unknown;
    server.use(
      http.post('/api/auth/login', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ user: testUser, accessToken: 'a', refreshToken: 'r' });
      }),
    );
    renderPage(<LoginPage />, { path: '/auth/login' });

    await fillAndSubmit();

    expect(await screen.findByRole('heading', { name: 'Page /' })).toBeInTheDocument();
    expect(body).toEqual({ email: 'parent@example.com', password: 'Secret123' });
    expect(useAuthStore.getState()).toMatchObject({ user: testUser, accessToken: 'a', isAuthenticated: true });
  });

  it("shows 'Signing in...' while the request is pending", async () => {
    let release: () => void = () => {};
    server.use(
      http.post('/api/auth/login', async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return HttpResponse.json({ user: testUser, accessToken: 'a', refreshToken: 'r' });
      }),
    );
    renderPage(<LoginPage />, { path: '/auth/login' });

    await fillAndSubmit();

    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    release();
    expect(await screen.findByRole('heading', { name: 'Page /' })).toBeInTheDocument();
  });

  it("shows the server's message when sign-in fails", async () => {
    server.use(
      http.post('/api/auth/login', () => HttpResponse.json({ message: 'Invalid email or password' }, { status: 401 })),
    );
    renderPage(<LoginPage />, { path: '/auth/login' });

    await fillAndSubmit();

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });

  it("falls back to 'Login failed. Please try again.' when the server sends no message", async () => {
    server.use(http.post('/api/auth/login', () => new HttpResponse(null, { status: 500 })));
    renderPage(<LoginPage />, { path: '/auth/login' });

    await fillAndSubmit();

    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed. Please try again.');
  });
});
