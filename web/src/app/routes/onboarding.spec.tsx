import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn, testChild, testUser } from '../../testing/auth-fixtures.ts';
import { server } from '../../testing/msw-server.ts';
import { renderApp, renderPage } from '../../testing/render-app.tsx';
import { useAuthStore } from '../../stores/auth-store.ts';
import { OnboardingRoute } from './onboarding.tsx';

function answerChildren(children: unknown[] = []) {
  server.use(http.get('/api/children', () => HttpResponse.json(children)));
}

function renderOnboarding() {
  renderPage(<OnboardingRoute />, { path: '/onboarding' });
  return userEvent.setup();
}

const birthDate = () => screen.getByLabelText('Birth Date');
const sex = () => screen.getByLabelText('Sex');
const setBirthDate = (value: string) => fireEvent.change(birthDate(), { target: { value } });

describe('OnboardingRoute', () => {
  beforeEach(() => {
    // Noon on 15 June 2025, local time: every date below is relative to it.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 5, 15, 12, 0, 0));
  });

  describe('consent', () => {
    it('asks for consent first when onboarding is not completed', async () => {
      signIn({ onboardingCompleted: false });
      answerChildren();
      const user = renderOnboarding();

      const dialog = await screen.findByRole('dialog', { name: 'Before you begin' });
      expect(dialog).toHaveAttribute('aria-modal', 'true');
      for (const heading of ['Parental authority', 'Data storage', 'Privacy protection', 'Not medical advice']) {
        expect(within(dialog).getByRole('heading', { name: heading })).toBeInTheDocument();
      }
      expect(within(dialog).getByText(/COPPA-aligned privacy by design/)).toBeInTheDocument();
      const accept = within(dialog).getByRole('button', { name: 'Accept & Continue' });
      expect(accept).toBeDisabled();

      await user.click(within(dialog).getByRole('checkbox', { name: /^I have read and agree/ }));
      expect(accept).toBeEnabled();
      await user.click(accept);

      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(useAuthStore.getState().user?.onboardingCompleted).toBe(true);
      expect(screen.getByRole('heading', { name: 'Add Your First Child' })).toBeInTheDocument();
    });

    it.each([
      [true, 'ticked'],
      [false, 'left unticked'],
    ])('asks about research too, optionally, and gives the answer (%s when %s) with the child', async (research) => {
      signIn({ onboardingCompleted: false });
      answerChildren();
      let body: Record<string, unknown> = {};
      server.use(
        http.post('/api/children', async ({ request }) => {
          body = (await request.json()) as Record<string, unknown>;
          return HttpResponse.json(testChild, { status: 201 });
        }),
        http.patch('/api/me', () => HttpResponse.json(testUser)),
      );
      const user = renderOnboarding();
      const dialog = await screen.findByRole('dialog', { name: 'Before you begin' });
      expect(within(dialog).getByRole('heading', { name: 'Research (optional)' })).toBeInTheDocument();
      expect(within(dialog).getByText(/no names, e-mail addresses, notes or exact birth\s+dates/)).toBeInTheDocument();
      expect(within(dialog).getByText(/kept\s+in this anonymised form for research, unless you said no/)).toBeInTheDocument();
      const share = within(dialog).getByRole('checkbox', { name: "Share my child's anonymised data for research (optional)" });
      expect(share).not.toBeChecked();
      if (research) await user.click(share);
      await user.click(within(dialog).getByRole('checkbox', { name: /^I have read and agree/ }));
      await user.click(within(dialog).getByRole('button', { name: 'Accept & Continue' }));

      setBirthDate('2025-05-01');
      await user.selectOptions(sex(), 'Female');
      await user.click(screen.getByRole('button', { name: 'Create Child Profile' }));
      await screen.findByRole('heading', { name: 'Page /' });
      expect(body).toMatchObject({ birthDate: '2025-05-01', researchConsent: research });
    });

    it('Cancel signs out, forgets the cached data and goes to the login page', async () => {
      signIn({ onboardingCompleted: false });
      answerChildren();
      // The whole route tree, so the guard takes the page away once the session ends.
      const { queryClient } = renderApp('/onboarding');
      await waitFor(() => expect(queryClient.getQueryData(['children'])).toEqual([]));

      await userEvent.setup().click(await screen.findByRole('button', { name: 'Cancel' }));

      expect(await screen.findByRole('heading', { name: 'Welcome to Nightlight' })).toBeInTheDocument();
      expect(useAuthStore.getState().isAuthenticated).toBe(false);
      expect(queryClient.getQueryData(['children'])).toBeUndefined();
    });

    it('shows someone who joined a family by invitation the child they joined, never the form to add one, and lands on its dashboard', async () => {
      signIn({ onboardingCompleted: false });
      answerChildren([{ ...testChild, displayName: 'Pip', role: 'parent' }]);
      let completed: unknown;
      server.use(
        http.patch('/api/me', async ({ request }) => {
          completed = await request.json();
          return HttpResponse.json({ ...testUser, onboardingCompleted: true });
        }),
      );
      const { router } = renderPage(<OnboardingRoute />, { path: '/onboarding' });
      const user = userEvent.setup();
      const dialog = await screen.findByRole('dialog', { name: 'Before you begin' });
      expect(screen.getByRole('heading', { level: 1, name: "Welcome to Pip's family" })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: /Add Your First Child|Add a Child/ })).not.toBeInTheDocument();

      await user.click(within(dialog).getByRole('checkbox', { name: /^I have read and agree/ }));
      await user.click(within(dialog).getByRole('button', { name: 'Accept & Continue' }));
      expect(await screen.findByRole('heading', { name: 'Page /' })).toBeInTheDocument();
      expect(router.state.location.state).toEqual({ childId: 'child-1' });
      expect(completed).toEqual({ onboardingCompleted: true });
      expect(useAuthStore.getState().user?.onboardingCompleted).toBe(true);
    });

    it('is not shown once onboarding is completed', () => {
      signIn({ onboardingCompleted: true });
      answerChildren();
      renderOnboarding();

      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('ignores Escape: declining has to be a deliberate Cancel', async () => {
      signIn({ onboardingCompleted: false });
      answerChildren();
      const user = renderOnboarding();
      expect(await screen.findByRole('dialog', { name: 'Before you begin' })).toBeInTheDocument();

      await user.keyboard('{Escape}');

      expect(screen.getByRole('dialog', { name: 'Before you begin' })).toBeInTheDocument();
      expect(useAuthStore.getState().isAuthenticated).toBe(true);
      expect(screen.queryByRole('heading', { name: 'Page /auth/login' })).not.toBeInTheDocument();
    });
  });

  describe('validation', () => {
    beforeEach(() => {
      signIn();
      answerChildren();
    });

    it('requires a birth date and a sex on submit', async () => {
      const user = renderOnboarding();

      await user.click(screen.getByRole('button', { name: 'Create Child Profile' }));

      expect(birthDate()).toHaveAccessibleDescription('Birth date is required');
      expect(sex()).toHaveAccessibleDescription('Please select a sex');
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
        'Birth date is required',
        'Please select a sex',
      ]);
      expect(birthDate()).toHaveFocus();
    });

    it('caps the birth date input at today', () => {
      renderOnboarding();
      expect(birthDate()).toHaveAttribute('max', '2025-06-15');
    });

    it('rejects a future birth date', () => {
      renderOnboarding();

      setBirthDate('2025-06-16');
      fireEvent.blur(birthDate());

      expect(birthDate()).toHaveAccessibleDescription('Birth date cannot be in the future');
    });

    it('rejects a birth date more than 18 years back', () => {
      renderOnboarding();

      setBirthDate('2007-06-14');
      fireEvent.blur(birthDate());
      expect(birthDate()).toHaveAccessibleDescription('Birth date seems too far in the past');

      // Once touched, the field follows each change.
      setBirthDate('2007-06-15');
      expect(birthDate()).toHaveAccessibleDescription('18 years old');
    });

    it('validates the sex on blur', async () => {
      const user = renderOnboarding();

      await user.click(sex());
      await user.tab();

      expect(sex()).toHaveAccessibleDescription('Please select a sex');
      await user.selectOptions(sex(), 'Other');
      expect(sex()).not.toHaveAccessibleDescription('Please select a sex');
    });

    it('limits the display name to 50 characters', () => {
      renderOnboarding();
      expect(screen.getByLabelText('Display Name (optional)')).toHaveAttribute('maxLength', '50');
    });

    it.each([
      ['2025-06-15', 'Born today! 🎉'],
      ['2025-06-14', '1 day old'],
      ['2025-06-10', '5 days old'],
      ['2025-05-29', '2 weeks, 3 days old'],
      ['2025-03-15', '3 months old'],
      ['2024-06-15', '1 year old'],
      ['2023-01-01', '2 years old'],
    ])('shows the age hint for %s: %s', (date, hint) => {
      renderOnboarding();

      setBirthDate(date);

      expect(birthDate()).toHaveAccessibleDescription(hint);
    });
  });

  describe('submitting', () => {
    async function fillForm(user: ReturnType<typeof userEvent.setup>) {
      await user.type(screen.getByLabelText('Display Name (optional)'), 'JD');
      setBirthDate('2025-05-01');
      await user.selectOptions(sex(), 'Other');
    }

    it('creates the child with the browser time zone, completes onboarding and goes to /', async () => {
      signIn({ onboardingCompleted: true });
      answerChildren();
      const calls: { body: unknown; path: string }[] = [];
      let releaseCreate: () => void = () => {};
      let releaseComplete: () => void = () => {};
      server.use(
        http.post('/api/children', async ({ request }) => {
          calls.push({ path: '/api/children', body: await request.json() });
          await new Promise<void>((resolve) => {
            releaseCreate = resolve;
          });
          return HttpResponse.json(testChild, { status: 201 });
        }),
        http.patch('/api/me', async ({ request }) => {
          calls.push({ path: '/api/me', body: await request.json() });
          await new Promise<void>((resolve) => {
            releaseComplete = resolve;
          });
          return HttpResponse.json({ ...testUser, onboardingCompleted: true });
        }),
      );
      const user = renderOnboarding();

      await fillForm(user);
      await user.click(screen.getByRole('button', { name: 'Create Child Profile' }));

      expect(await screen.findByRole('button', { name: 'Creating Profile...' })).toBeDisabled();
      releaseCreate();
      expect(await screen.findByRole('button', { name: 'Completing Setup...' })).toBeDisabled();
      releaseComplete();

      expect(await screen.findByRole('heading', { name: 'Page /' })).toBeInTheDocument();
      expect(calls).toEqual([
        {
          path: '/api/children',
          body: {
            displayName: 'JD',
            birthDate: '2025-05-01',
            sex: 'Other',
            timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
          },
        },
        { path: '/api/me', body: { onboardingCompleted: true } },
      ]);
      expect(useAuthStore.getState().user?.onboardingCompleted).toBe(true);
    });

    it('leaves out an empty display name', async () => {
      signIn();
      answerChildren();
      let body: Record<string, unknown> = {};
      server.use(
        http.post('/api/children', async ({ request }) => {
          body = (await request.json()) as Record<string, unknown>;
          return HttpResponse.json(testChild, { status: 201 });
        }),
        http.patch('/api/me', () => HttpResponse.json(testUser)),
      );
      const user = renderOnboarding();

      setBirthDate('2025-05-01');
      await user.selectOptions(sex(), 'Female');
      await user.click(screen.getByRole('button', { name: 'Create Child Profile' }));

      await screen.findByRole('heading', { name: 'Page /' });
      expect(body).not.toHaveProperty('displayName');
    });

    it("shows the server's message, and clears it on the next edit", async () => {
      signIn();
      answerChildren();
      server.use(
        http.post('/api/children', () => HttpResponse.json({ message: 'Birth date is invalid' }, { status: 400 })),
      );
      const user = renderOnboarding();

      await fillForm(user);
      await user.click(screen.getByRole('button', { name: 'Create Child Profile' }));

      expect(await screen.findByRole('alert')).toHaveTextContent('Birth date is invalid');
      expect(screen.getByRole('button', { name: 'Create Child Profile' })).toBeEnabled();

      await user.type(screen.getByLabelText('Display Name (optional)'), 'x');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it("falls back to 'Failed to create child profile. Please try again.'", async () => {
      signIn();
      answerChildren();
      server.use(http.post('/api/children', () => new HttpResponse(null, { status: 500 })));
      const user = renderOnboarding();

      await fillForm(user);
      await user.click(screen.getByRole('button', { name: 'Create Child Profile' }));

      expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create child profile. Please try again.');
    });

    it('still goes to / when completing onboarding fails', async () => {
      signIn();
      answerChildren();
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      server.use(
        http.post('/api/children', () => HttpResponse.json(testChild, { status: 201 })),
        http.patch('/api/me', () => HttpResponse.json({ message: 'Update failed' }, { status: 500 })),
      );
      const user = renderOnboarding();

      await fillForm(user);
      await user.click(screen.getByRole('button', { name: 'Create Child Profile' }));

      expect(await screen.findByRole('heading', { name: 'Page /' })).toBeInTheDocument();
      expect(logged).toHaveBeenCalled();
    });
  });

  describe('leaving without a child', () => {
    it('offers to skip when there are no children, and skipping completes onboarding', async () => {
      signIn();
      answerChildren([]);
      let patched: unknown;
      server.use(
        http.patch('/api/me', async ({ request }) => {
          patched = await request.json();
          return HttpResponse.json({ ...testUser, onboardingCompleted: true });
        }),
      );
      const user = renderOnboarding();

      const skip = screen.getByRole('button', { name: 'Skip for now (you can add children later)' });
      await waitFor(() => expect(skip).toBeEnabled());
      expect(screen.getByRole('heading', { level: 1, name: 'Add Your First Child' })).toBeInTheDocument();
      await user.click(skip);

      expect(await screen.findByRole('heading', { name: 'Page /' })).toBeInTheDocument();
      expect(patched).toEqual({ onboardingCompleted: true });
    });

    it("offers Cancel, back to /, when children exist, under the heading 'Add a Child'", async () => {
      signIn();
      answerChildren([testChild]);
      const user = renderOnboarding();

      const cancel = await screen.findByRole('button', { name: 'Cancel' });
      expect(screen.getByRole('heading', { level: 1, name: 'Add a Child' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Skip for now (you can add children later)' })).not.toBeInTheDocument();
      await user.click(cancel);

      expect(await screen.findByRole('heading', { name: 'Page /' })).toBeInTheDocument();
    });
  });

  it('shows the privacy note and the settings footer', () => {
    signIn();
    answerChildren();
    renderOnboarding();

    expect(screen.getByText(/we recommend using initials or a nickname/)).toBeInTheDocument();
    expect(screen.getByText('You can add more children or edit their details later in Settings.')).toBeInTheDocument();
  });
});
