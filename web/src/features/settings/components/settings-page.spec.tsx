import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { signIn, testChild, testUser } from '../../../testing/auth-fixtures.ts';
import { server } from '../../../testing/msw-server.ts';
import { renderPage } from '../../../testing/render-app.tsx';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { SettingsPage } from './settings-page.tsx';

// PUT /api/settings/user/password revokes every session and answers with a fresh pair (docs/api.md).
const passwordChanged = { ok: true, accessToken: 'access-after-change', refreshToken: 'refresh-after-change', position: 12 };

function answerSettings(children: unknown[] = [testChild]) {
  server.use(
    http.get('/api/settings/user', () => HttpResponse.json({ email: 'parent@example.com' })),
    http.get('/api/settings/children', () => HttpResponse.json(children)),
    http.get('/api/me', () => HttpResponse.json({ ...testUser, displayName: null })),
  );
}

async function renderSettings() {
  const rendered = renderPage(<SettingsPage />, { path: '/settings' });
  const user = userEvent.setup();
  return { ...rendered, user };
}

describe('SettingsPage', () => {
  beforeEach(() => signIn());

  it('shows the header, then the three cards once loaded', async () => {
    answerSettings();
    await renderSettings();

    expect(screen.getByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByText('Manage your account, children, and preferences')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading settings...');

    expect(await screen.findByRole('region', { name: 'Account Settings' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Children Management' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Danger Zone' })).toBeInTheDocument();
    expect(screen.getByLabelText('Current email')).toHaveTextContent('parent@example.com');
  });

  it('shows the load error with a way back to the dashboard', async () => {
    server.use(http.get('/api/settings/user', () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    const { user } = await renderSettings();

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Unable to Load Settings' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Please try refreshing the page or contact support if the problem persists.');

    await user.click(within(alert).getByRole('button', { name: 'Back to Dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Page /' })).toBeInTheDocument();
  });

  describe('Change Email', () => {
    it('updates the email, closes the form and says so', async () => {
      answerSettings();
      let body: unknown;
      server.use(
        http.put('/api/settings/user/email', async ({ request }) => {
          body = await request.json();
          return HttpResponse.json({ email: 'new@example.com' });
        }),
      );
      const { user } = await renderSettings();

      await user.click(await screen.findByRole('button', { name: 'Change Email' }));
      const form = screen.getByRole('form', { name: 'Change email' });
      const submit = within(form).getByRole('button', { name: 'Update Email' });
      expect(submit).toBeDisabled();
      await user.type(within(form).getByLabelText('New Email Address'), 'new@example.com');
      await user.type(within(form).getByLabelText('Current Password'), 'Secret123');
      await user.click(submit);

      expect(await screen.findByRole('status')).toHaveTextContent('Email updated successfully!');
      expect(screen.queryByRole('form', { name: 'Change email' })).not.toBeInTheDocument();
      expect(screen.getByLabelText('Current email')).toHaveTextContent('new@example.com');
      expect(body).toEqual({ newEmail: 'new@example.com', currentPassword: 'Secret123' });
      expect(useAuthStore.getState().user?.email).toBe('new@example.com');
    });

    it("shows 'Updating...' while pending and the server's message under the form on failure", async () => {
      answerSettings();
      let release: () => void = () => {};
      server.use(
        http.put('/api/settings/user/email', async () => {
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          return HttpResponse.json({ message: 'Current password is incorrect' }, { status: 400 });
        }),
      );
      const { user } = await renderSettings();

      await user.click(await screen.findByRole('button', { name: 'Change Email' }));
      await user.type(screen.getByLabelText('New Email Address'), 'new@example.com');
      await user.type(screen.getByLabelText('Current Password'), 'wrong');
      await user.click(screen.getByRole('button', { name: 'Update Email' }));

      expect(await screen.findByRole('button', { name: 'Updating...' })).toBeDisabled();
      release();
      const form = screen.getByRole('form', { name: 'Change email' });
      expect(await within(form).findByRole('alert')).toHaveTextContent('Current password is incorrect');
    });

    it('rejects a malformed address and clears the form on Cancel', async () => {
      answerSettings();
      const { user } = await renderSettings();

      await user.click(await screen.findByRole('button', { name: 'Change Email' }));
      await user.type(screen.getByLabelText('New Email Address'), 'nope');
      await user.type(screen.getByLabelText('Current Password'), 'Secret123');
      await user.click(screen.getByRole('button', { name: 'Update Email' }));
      expect(screen.getByLabelText('New Email Address')).toHaveAccessibleDescription('Invalid email address');
      expect(screen.getByRole('alert')).toHaveTextContent('Invalid email address');
      expect(screen.getByLabelText('New Email Address')).toHaveFocus();

      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByLabelText('New Email Address')).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Change Email' }));
      expect(screen.getByLabelText('New Email Address')).toHaveValue('');
    });
  });

  describe('Change Password', () => {
    async function openPasswordForm(user: ReturnType<typeof userEvent.setup>) {
      await user.click(await screen.findByRole('button', { name: 'Change Password' }));
      return screen.getByRole('form', { name: 'Change password' });
    }

    it("says 'Passwords do not match' and disables submit on a mismatch", async () => {
      answerSettings();
      const { user } = await renderSettings();
      const form = await openPasswordForm(user);

      await user.type(within(form).getByLabelText('Current Password'), 'OldSecret1');
      await user.type(within(form).getByLabelText('New Password'), 'NewSecret1');
      await user.type(within(form).getByLabelText('Confirm New Password'), 'NewSecret2');

      expect(within(form).getByLabelText('Confirm New Password')).toHaveAccessibleDescription('Passwords do not match');
      expect(within(form).getByRole('button', { name: 'Update Password' })).toBeDisabled();
      expect(within(form).getByRole('alert')).toHaveTextContent('Passwords do not match');
    });

    it('requires at least 8 characters', async () => {
      answerSettings();
      const { user } = await renderSettings();
      const form = await openPasswordForm(user);

      await user.type(within(form).getByLabelText('Current Password'), 'OldSecret1');
      await user.type(within(form).getByLabelText('New Password'), 'short');
      await user.type(within(form).getByLabelText('Confirm New Password'), 'short');

      expect(within(form).getByLabelText('New Password')).toHaveAccessibleDescription(
        'Password must be at least 8 characters',
      );
      expect(within(form).getByRole('button', { name: 'Update Password' })).toBeDisabled();
    });

    it('updates the password and says so', async () => {
      answerSettings();
      let body: unknown;
      server.use(
        http.put('/api/settings/user/password', async ({ request }) => {
          body = await request.json();
          return HttpResponse.json(passwordChanged, { headers: { 'X-Event-Position': '12' } });
        }),
      );
      const { user } = await renderSettings();
      const form = await openPasswordForm(user);

      await user.type(within(form).getByLabelText('Current Password'), 'OldSecret1');
      await user.type(within(form).getByLabelText('New Password'), 'NewSecret1');
      await user.type(within(form).getByLabelText('Confirm New Password'), 'NewSecret1');
      await user.click(within(form).getByRole('button', { name: 'Update Password' }));

      expect(await screen.findByRole('status')).toHaveTextContent('Password updated successfully!');
      expect(screen.queryByRole('form', { name: 'Change password' })).not.toBeInTheDocument();
      expect(body).toEqual({ currentPassword: 'OldSecret1', newPassword: 'NewSecret1', confirmPassword: 'NewSecret1' });
    });

    it('keeps this device signed in with the tokens the change answers with', async () => {
      answerSettings();
      server.use(http.put('/api/settings/user/password', () => HttpResponse.json(passwordChanged)));
      const { sessionExpiry } = useAuthStore.getState();
      const { user } = await renderSettings();
      const form = await openPasswordForm(user);

      await user.type(within(form).getByLabelText('Current Password'), 'OldSecret1');
      await user.type(within(form).getByLabelText('New Password'), 'NewSecret1');
      await user.type(within(form).getByLabelText('Confirm New Password'), 'NewSecret1');
      await user.click(within(form).getByRole('button', { name: 'Update Password' }));
      await screen.findByText('Password updated successfully!');

      // The old pair was revoked by the change: the store and localStorage must hold the new one.
      expect(useAuthStore.getState()).toMatchObject({
        accessToken: 'access-after-change',
        refreshToken: 'refresh-after-change',
        isAuthenticated: true,
        sessionExpiry,
      });
      expect(JSON.parse(localStorage.getItem('auth-storage') ?? '{}').state).toMatchObject({
        accessToken: 'access-after-change',
        refreshToken: 'refresh-after-change',
      });
    });

    it("shows the server's message under the form", async () => {
      answerSettings();
      server.use(
        http.put('/api/settings/user/password', () =>
          HttpResponse.json({ message: 'Current password is incorrect' }, { status: 400 }),
        ),
      );
      const { user } = await renderSettings();
      const form = await openPasswordForm(user);

      await user.type(within(form).getByLabelText('Current Password'), 'Wrong1234');
      await user.type(within(form).getByLabelText('New Password'), 'NewSecret1');
      await user.type(within(form).getByLabelText('Confirm New Password'), 'NewSecret1');
      await user.click(within(form).getByRole('button', { name: 'Update Password' }));

      expect(await within(form).findByRole('alert')).toHaveTextContent('Current password is incorrect');
    });
  });
});
