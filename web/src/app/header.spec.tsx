import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { signIn } from '../testing/auth-fixtures.ts';
import { server } from '../testing/msw-server.ts';
import { renderPage } from '../testing/render-app.tsx';
import { useAuthStore } from '../stores/auth-store.ts';
import { Header } from './header.tsx';

describe('Header', () => {
  it('links the logo home and highlights the current screen', () => {
    signIn();
    renderPage(<Header />, { path: '/settings' });

    expect(screen.getByRole('link', { name: 'Nightlight home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
    for (const name of ['Dashboard', 'Activity', 'Insights', 'Reports']) {
      expect(screen.getByRole('button', { name })).not.toHaveAttribute('aria-current');
    }
  });

  it('has Reports in the main navigation, highlighted on its screen', () => {
    signIn();
    renderPage(<Header />, { path: '/reports' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect([...nav.querySelectorAll('button')].map((button) => button.textContent)).toEqual(['Dashboard', 'Activity', 'Insights', 'Reports', 'Settings']);
    expect(screen.getByRole('button', { name: 'Reports' })).toHaveAttribute('aria-current', 'page');
  });

  it('navigates with the buttons', async () => {
    signIn();
    renderPage(<Header />, { path: '/settings' });

    await userEvent.setup().click(screen.getByRole('button', { name: 'Dashboard' }));

    expect(await screen.findByRole('heading', { name: 'Page /' })).toBeInTheDocument();
  });

  it('Logout ends the session on the server, clears it here and goes to the login page', async () => {
    signIn();
    const token = useAuthStore.getState().accessToken;
    const signedOut: Array<string | null> = [];
    server.use(
      http.post('/api/auth/logout', ({ request }) => {
        signedOut.push(request.headers.get('authorization'));
        return HttpResponse.json({ ok: true });
      }),
    );
    const { queryClient } = renderPage(<Header />, { path: '/settings' });
    queryClient.setQueryData(['children'], [{ id: 'c1' }]);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Page /auth/login' })).toBeInTheDocument();
    await vi.waitFor(() => expect(signedOut).toEqual([`Bearer ${token}`]));
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(queryClient.getQueryData(['children'])).toBeUndefined();
  });
});
