import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { signIn } from '../testing/auth-fixtures.ts';
import { server } from '../testing/msw-server.ts';
import { renderApp } from '../testing/render-app.tsx';
import { useAuthStore } from '../stores/auth-store.ts';

const TEN_MINUTES = 10 * 60 * 1000;

describe('routes', () => {
  it('sends a visitor without a session to the login page', async () => {
    const { router } = renderApp('/reports');

    expect(await screen.findByRole('heading', { name: 'Welcome to Nightlight' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('clears an expired session on mount and sends the user to log in', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    signIn();
    vi.setSystemTime(Date.now() + 24 * 60 * 60 * 1000 + 1);

    renderApp('/reports');

    expect(await screen.findByRole('heading', { name: 'Welcome to Nightlight' })).toBeInTheDocument();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });

  it('shows a protected screen inside the common layout for a valid session', async () => {
    signIn();
    renderApp('/reports');

    expect(await screen.findByRole('heading', { name: 'Weekly Reports' })).toBeInTheDocument();
    expect(screen.getByText('A one-page summary of feeding, diapers, sleep and growth to take to the pediatrician.')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('serves the policy pages without a session', async () => {
    renderApp('/privacy');
    expect(await screen.findByRole('heading', { name: 'Privacy Policy' })).toBeInTheDocument();
  });

  it('serves the terms without a session: who may use it, tracking only, what happens to the data', async () => {
    const { router } = renderApp('/terms');

    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Who may use Nightlight',
      'Tracking only, not medical advice',
      'Your account',
      'Your data',
      'Availability',
      'Changes to these terms',
    ]);
    expect(screen.getByText(/Accounts are by invitation: registration needs a referral code\./)).toBeInTheDocument();
    expect(screen.getByText(/are general information, not medical advice, diagnosis or treatment\./)).toBeInTheDocument();
    expect(
      screen.getByText(/feedings and sleep\s+sessions are kept only in anonymised form, without names, email addresses or exact birth dates, for research\./),
    ).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('link', { name: 'Privacy Policy' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/privacy');
  });

  it('goes to the login page when a request fails with 401 and the refresh fails too', async () => {
    signIn();
    server.use(
      http.get('/api/settings/user', () => HttpResponse.json({ message: 'Unauthorized' }, { status: 401 })),
      http.get('/api/settings/children', () => HttpResponse.json({ message: 'Unauthorized' }, { status: 401 })),
      http.post('/api/auth/refresh', () => HttpResponse.json({ message: 'Invalid refresh token' }, { status: 401 })),
    );
    const { router, queryClient } = renderApp('/settings');
    queryClient.setQueryData(['children'], [{ id: 'c1' }]);

    expect(await screen.findByRole('heading', { name: 'Welcome to Nightlight' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    // The next account on this tab must not be shown this family's cached answers.
    expect(queryClient.getQueryData(['children'])).toBeUndefined();
  });
});

describe('onboarding prompt', () => {
  it('floats over the screens while onboarding is not completed, linking to /onboarding', async () => {
    signIn({ onboardingCompleted: false });
    renderApp('/reports');

    const prompt = await screen.findByRole('complementary', { name: 'Finish setting up' });
    expect(prompt).toHaveTextContent('Add your child to start tracking feedings and sleep.');
    expect(screen.getByRole('link', { name: 'Add your child' })).toHaveAttribute('href', '/onboarding');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('complementary', { name: 'Finish setting up' })).not.toBeInTheDocument();
  });

  it('is absent once onboarding is completed', async () => {
    signIn({ onboardingCompleted: true });
    renderApp('/reports');

    await screen.findByRole('heading', { name: 'Weekly Reports' });
    expect(screen.queryByRole('complementary', { name: 'Finish setting up' })).not.toBeInTheDocument();
  });
});

describe('session upkeep', () => {
  it('refreshes the tokens every 10 minutes while signed in', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    signIn();
    let refreshes = 0;
    server.use(
      http.post('/api/auth/refresh', () => {
        refreshes += 1;
        return HttpResponse.json({ accessToken: `access-${refreshes + 1}`, refreshToken: `refresh-${refreshes + 1}` });
      }),
    );
    renderApp('/reports');
    await screen.findByRole('heading', { name: 'Weekly Reports' });

    await act(() => vi.advanceTimersByTimeAsync(TEN_MINUTES - 1));
    expect(refreshes).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await vi.waitFor(() => expect(useAuthStore.getState().accessToken).toBe('access-2'));
    expect(refreshes).toBe(1);
  });

  it('signs out when the 10-minute check finds the session expired, without trying to refresh', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    signIn();
    const refresh = vi.fn();
    server.use(
      http.post('/api/auth/refresh', () => {
        refresh();
        return HttpResponse.json({ accessToken: 'access-2', refreshToken: 'refresh-2' });
      }),
    );
    // Five minutes of the 24-hour session are left when the screen opens.
    vi.setSystemTime(Date.now() + 24 * 60 * 60 * 1000 - 5 * 60 * 1000);
    const { queryClient } = renderApp('/reports');
    await screen.findByRole('heading', { name: 'Weekly Reports' });
    queryClient.setQueryData(['children'], [{ id: 'c1' }]);

    await act(() => vi.advanceTimersByTimeAsync(TEN_MINUTES));

    expect(await screen.findByRole('heading', { name: 'Welcome to Nightlight' })).toBeInTheDocument();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(refresh).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(['children'])).toBeUndefined();
  });

  it('stays signed in when the periodic refresh cannot reach the server', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    signIn();
    let refreshes = 0;
    server.use(
      http.post('/api/auth/refresh', () => {
        refreshes += 1;
        return HttpResponse.error();
      }),
    );
    renderApp('/reports');
    await screen.findByRole('heading', { name: 'Weekly Reports' });

    await act(() => vi.advanceTimersByTimeAsync(TEN_MINUTES));
    await vi.waitFor(() => expect(refreshes).toBe(1));

    expect(screen.getByRole('heading', { name: 'Weekly Reports' })).toBeInTheDocument();
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, refreshToken: 'refresh-1' });
  });

  it('signs out when the periodic refresh fails', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    signIn();
    server.use(http.post('/api/auth/refresh', () => HttpResponse.json({ message: 'Revoked' }, { status: 401 })));
    renderApp('/reports');
    await screen.findByRole('heading', { name: 'Weekly Reports' });

    await act(() => vi.advanceTimersByTimeAsync(TEN_MINUTES));

    expect(await screen.findByRole('heading', { name: 'Welcome to Nightlight' })).toBeInTheDocument();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });
});

describe('accessibility of the shell', () => {
  it('names the document after the screen', async () => {
    signIn();
    const { router } = renderApp('/reports');
    await screen.findByRole('heading', { name: 'Weekly Reports' });
    expect(document.title).toBe('Weekly Reports · Nightlight');

    await act(() => router.navigate('/terms'));
    await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });
    expect(document.title).toBe('Terms of Service · Nightlight');
  });

  it('moves focus to the new screen heading after a navigation, not on the first load', async () => {
    signIn();
    server.use(
      http.get('/api/settings/user', () => HttpResponse.json({ email: 'parent@example.com' })),
      http.get('/api/settings/children', () => HttpResponse.json([])),
      http.get('/api/me', () => HttpResponse.json({ id: 'user-1', email: 'parent@example.com', displayName: null, onboardingCompleted: true })),
    );
    renderApp('/reports');
    const reports = await screen.findByRole('heading', { level: 1, name: 'Weekly Reports' });
    expect(reports).not.toHaveFocus();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Settings' }));

    const settings = await screen.findByRole('heading', { level: 1, name: 'Settings' });
    await waitFor(() => expect(settings).toHaveFocus());
    expect(document.title).toBe('Settings · Nightlight');
  });

  it("offers 'Skip to main content' as the first stop, which moves focus past the header", async () => {
    signIn();
    renderApp('/reports');
    await screen.findByRole('heading', { name: 'Weekly Reports' });
    const user = userEvent.setup();

    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(screen.getByRole('main')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('navigation', { name: 'Main' })).not.toContainElement(document.activeElement as HTMLElement);
  });

  it('has the skip link on the screens outside the signed-in layout too', async () => {
    renderApp('/auth/login');
    await screen.findByRole('heading', { name: 'Welcome to Nightlight' });

    await userEvent.setup().click(screen.getByRole('link', { name: 'Skip to main content' }));

    expect(screen.getByRole('main')).toHaveFocus();
    expect(document.title).toBe('Sign In · Nightlight');
  });
});

