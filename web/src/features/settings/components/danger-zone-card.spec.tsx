import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { signIn } from '../../../testing/auth-fixtures.ts';
import { server } from '../../../testing/msw-server.ts';
import { renderPage } from '../../../testing/render-app.tsx';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { DangerZoneCard } from './danger-zone-card.tsx';

function renderCard() {
  const rendered = renderPage(<DangerZoneCard />, { path: '/settings' });
  return { ...rendered, user: userEvent.setup() };
}

describe('DangerZoneCard', () => {
  beforeEach(() => signIn());

  it('explains what deleting the account does', () => {
    renderCard();

    const points = within(screen.getByRole('region', { name: 'Danger Zone' })).getAllByRole('listitem');
    expect(points.map((point) => point.textContent)).toEqual([
      'Permanently deletes your account and login credentials',
      'Anonymizes your feeding, sleep and activity data and keeps it for research',
      "Anonymizes your children's personal information",
      'Logs you out of all devices',
      'Cannot be undone',
    ]);
  });

  it('needs DELETE and the password', async () => {
    const { user } = renderCard();

    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Account' });
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.type(within(dialog).getByLabelText('Password'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Delete My Account' }));

    expect(within(dialog).getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
    expect(within(dialog).getByLabelText('Password')).toHaveFocus();

    await user.clear(within(dialog).getByLabelText('Type DELETE to confirm'));
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'Delete');
    await user.click(within(dialog).getByRole('button', { name: 'Delete My Account' }));

    expect(within(dialog).getByLabelText('Type DELETE to confirm')).toHaveAccessibleDescription(
      'Please type DELETE to confirm',
    );
    expect(within(dialog).getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
    expect(within(dialog).getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Please type DELETE to confirm',
      'Password is required',
    ]);
    expect(within(dialog).getByLabelText('Type DELETE to confirm')).toHaveFocus();
  });

  it('deletes the account, signs out and replaces the page with the login', async () => {
    let body: unknown;
    server.use(
      http.delete('/api/settings/user/account', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ok: true });
      }),
    );
    const { user, router } = renderCard();

    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Delete My Account' }));

    expect(await screen.findByRole('heading', { name: 'Page /auth/login' })).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(body).toEqual({ password: 'Secret123', confirmText: 'DELETE' });
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });

  it("shows the server's message and keeps the user signed in on failure", async () => {
    server.use(
      http.delete('/api/settings/user/account', () =>
        HttpResponse.json({ message: 'Password is incorrect' }, { status: 400 }),
      ),
    );
    const { user } = renderCard();

    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Delete My Account' }));

    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('Password is incorrect');
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
  });

  it('clears both inputs when closed', async () => {
    const { user } = renderCard();

    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.type(screen.getByLabelText('Password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));

    expect(screen.getByLabelText('Type DELETE to confirm')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });
});
