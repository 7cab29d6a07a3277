import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { testUser } from '../../../testing/auth-fixtures.ts';
import { server } from '../../../testing/msw-server.ts';
import { renderPage } from '../../../testing/render-app.tsx';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { RegisterPage } from './register-page.tsx';

function renderRegister() {
  renderPage(<RegisterPage />, { path: '/auth/register' });
  return userEvent.setup();
}

const email = () => screen.getByLabelText('Email');
const name = () => screen.getByLabelText('What should the family call you?');
const referral = () => screen.getByLabelText('Referral Code');
const password = () => screen.getByLabelText('Password');
const confirm = () => screen.getByLabelText('Confirm Password');
const submit = () => screen.getByRole('button', { name: 'Create Account' });

describe('RegisterPage', () => {
  it('shows every required message on submit', async () => {
    const user = renderRegister();

    await user.click(submit());

    expect(email()).toHaveAccessibleDescription('Email is required');
    expect(name()).toHaveAccessibleDescription('Please tell us what your family should call you');
    expect(referral()).toHaveAccessibleDescription('Referral code is required');
    expect(password()).toHaveAccessibleDescription('Password is required');
    expect(confirm()).toHaveAccessibleDescription('Please confirm your password');
  });

  it('announces the messages and puts focus on the first field to fix', async () => {
    const user = renderRegister();
    await user.type(email(), 'parent@example.com');
    await user.type(name(), 'Maya');

    await user.click(submit());

    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Referral code is required',
      'Password is required',
      'Please confirm your password',
    ]);
    expect(referral()).toHaveFocus();
  });

  it('validates a field on blur, not before', async () => {
    const user = renderRegister();

    await user.type(email(), 'not-an-email');
    expect(screen.queryByText('Invalid email address')).not.toBeInTheDocument();

    await user.tab();
    expect(email()).toHaveAccessibleDescription('Invalid email address');
  });

  it('re-validates on every change after the first blur', async () => {
    const user = renderRegister();

    await user.click(email());
    await user.tab();
    expect(email()).toHaveAccessibleDescription('Email is required');

    await user.type(email(), 'a');
    expect(email()).toHaveAccessibleDescription('Invalid email address');

    await user.type(email(), '@b.co');
    expect(screen.queryByText('Invalid email address')).not.toBeInTheDocument();
  });

  it('limits the referral code to 6 characters and checks its length', async () => {
    const user = renderRegister();

    await user.type(referral(), 'ABC');
    await user.tab();
    expect(referral()).toHaveAccessibleDescription('Referral code must be 6 characters');

    await user.type(referral(), 'DEFGH');
    expect(referral()).toHaveValue('ABCDEF');
    expect(screen.queryByText('Referral code must be 6 characters')).not.toBeInTheDocument();
  });

  it('checks password length, then character classes', async () => {
    const user = renderRegister();

    await user.type(password(), 'Ab1');
    await user.tab();
    expect(password()).toHaveAccessibleDescription('Password must be at least 8 characters');

    await user.clear(password());
    await user.type(password(), 'abcdefgh');
    expect(password()).toHaveAccessibleDescription('Password must contain uppercase, lowercase, and number');

    await user.clear(password());
    await user.type(password(), 'Abcdefg1');
    expect(screen.queryByText(/Password must/)).not.toBeInTheDocument();
  });

  it('rechecks the confirmation when the password changes', async () => {
    const user = renderRegister();

    await user.type(password(), 'Abcdefg1');
    await user.type(confirm(), 'Abcdefg1');
    await user.tab();
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();

    await user.type(password(), '!');
    expect(confirm()).toHaveAccessibleDescription('Passwords do not match');
  });

  it.each([
    ['abc', 'Weak'],
    ['abcdefgh', 'Weak'],
    ['abcdefgH', 'Fair'],
    ['abcdefH1', 'Good'],
    ['abcdeH1!', 'Strong'],
  ])('rates %s as %s', async (typed, strength) => {
    const user = renderRegister();

    await user.type(password(), typed);

    expect(screen.getByText('Password strength:')).toHaveTextContent(`Password strength: ${strength}`);
  });

  it('ticks the checklist as the password meets each rule', async () => {
    const user = renderRegister();
    const list = () => screen.getByRole('list', { name: 'Password requirements' });

    expect(list()).toHaveTextContent('At least 8 characters (not met)');
    await user.type(password(), 'abcdefgH1');

    expect(list()).toHaveTextContent('At least 8 characters (met)');
    expect(list()).toHaveTextContent('Upper and lowercase letters (met)');
    expect(list()).toHaveTextContent('At least one number (met)');
  });

  it('links to the privacy policy, the terms and sign-in', () => {
    renderRegister();

    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login');
  });

  async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
    await user.type(email(), 'new@example.com');
    await user.type(name(), ' Maya ');
    await user.type(referral(), 'ABC123');
    await user.type(password(), 'Abcdefg1');
    await user.type(confirm(), 'Abcdefg1');
  }

  it('creates the account, signs in, saves the name the family will see and goes to onboarding', async () => {
    let body: unknown;
    let named: unknown;
    let release: () => void = () => {};
    server.use(
      http.patch('/api/me', async ({ request }) => {
        named = { body: await request.json(), authorization: request.headers.get('authorization') };
        return HttpResponse.json({ ...testUser, onboardingCompleted: false, displayName: 'Maya' });
      }),
      http.post('/api/auth/register', async ({ request }) => {
        body = await request.json();
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return HttpResponse.json(
          { user: { ...testUser, onboardingCompleted: false }, accessToken: 'a', refreshToken: 'r' },
          { status: 201 },
        );
      }),
    );
    const user = renderRegister();

    await fillValidForm(user);
    await user.click(submit());

    expect(await screen.findByRole('button', { name: 'Creating Account...' })).toBeDisabled();
    release();
    expect(await screen.findByRole('heading', { name: 'Page /onboarding' })).toBeInTheDocument();
    expect(body).toEqual({ email: 'new@example.com', password: 'Abcdefg1', referralCode: 'ABC123' });
    expect(named).toEqual({ body: { displayName: 'Maya' }, authorization: 'Bearer a' });
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
    expect(useAuthStore.getState().user?.displayName).toBe('Maya');
  });

  it("shows the server's message when registration fails", async () => {
    server.use(
      http.post('/api/auth/register', () => HttpResponse.json({ message: 'Invalid referral code' }, { status: 400 })),
    );
    const user = renderRegister();

    await fillValidForm(user);
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid referral code');
  });

  it("falls back to 'Registration failed. Please try again.'", async () => {
    server.use(http.post('/api/auth/register', () => new HttpResponse(null, { status: 503 })));
    const user = renderRegister();

    await fillValidForm(user);
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed. Please try again.');
  });
});
