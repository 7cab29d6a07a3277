import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn, testChild } from '../../../testing/auth-fixtures.ts';
import { server } from '../../../testing/msw-server.ts';
import { renderPage } from '../../../testing/render-app.tsx';
import type { Child } from '../../../types/api.ts';
import { ChildrenCard } from './children-card.tsx';

function answerChildren(children: Child[]) {
  server.use(http.get('/api/settings/children', () => HttpResponse.json(children)));
}

function renderCard() {
  const rendered = renderPage(<ChildrenCard />, { path: '/settings' });
  return { ...rendered, user: userEvent.setup() };
}

describe('ChildrenCard', () => {
  beforeEach(() => {
    signIn();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 5, 15, 12));
  });

  it('lists each child with birth date, sex and age in months', async () => {
    answerChildren([testChild]);
    renderCard();

    const child = await screen.findByRole('article', { name: 'JD' });
    expect(within(child).getByText('Female')).toBeInTheDocument();
    // 151 days / 30.44
    expect(within(child).getByText('5.0 months')).toBeInTheDocument();
    const born = new Date(Date.UTC(2025, 0, 15)).toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
    expect(within(child).getByText(born)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '+ Add Another Child' })).toBeInTheDocument();
  });

  it("calls a child without a display name 'Baby', as the dashboard and insights do", async () => {
    answerChildren([{ ...testChild, displayName: '' }]);
    const { user } = renderCard();

    const child = await screen.findByRole('article', { name: 'Baby' });
    expect(within(child).getByRole('heading', { name: 'Baby' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete Baby' }));
    expect(screen.getByRole('dialog', { name: 'Delete Baby' })).toBeInTheDocument();
  });

  it('shows the empty state, whose button goes to onboarding', async () => {
    answerChildren([]);
    const { user } = renderCard();

    expect(await screen.findByText("You haven't added any children yet.")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Your First Child' }));
    expect(await screen.findByRole('heading', { name: 'Page /onboarding' })).toBeInTheDocument();
  });

  it('shows the load error', async () => {
    server.use(http.get('/api/settings/children', () => new HttpResponse(null, { status: 500 })));
    renderCard();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unable to load children. Please try refreshing the page.',
    );
  });

  describe('editing', () => {
    it('opens with the current values and the hints, and saves the changes', async () => {
      let children = [testChild];
      let body: unknown;
      server.use(
        http.get('/api/settings/children', () => HttpResponse.json(children)),
        http.put('/api/settings/children/child-1', async ({ request }) => {
          body = await request.json();
          children = [{ ...testChild, ...(body as Partial<Child>) }];
          return HttpResponse.json(children[0]);
        }),
      );
      const { user } = renderCard();

      await user.click(await screen.findByRole('button', { name: 'Edit JD' }));
      const form = screen.getByRole('form', { name: 'Edit JD' });
      expect(within(form).getByLabelText('Display Name')).toHaveValue('JD');
      expect(within(form).getByLabelText('Birth Date')).toHaveValue('2025-01-15');
      expect(within(form).getByLabelText('Sex')).toHaveValue('Female');
      expect(within(form).getByLabelText('Night Sleep Starts')).toHaveAccessibleDescription(
        'Sleep starting at or after this time counts as night sleep.',
      );
      expect(within(form).getByLabelText('Night Sleep Ends')).toHaveAccessibleDescription(
        'Sleep ending before this time counts as night sleep.',
      );
      const timezone = within(form).getByLabelText('Timezone');
      expect(timezone).toHaveAccessibleDescription('Used to decide day versus night sleep and for insights.');
      // The usual seven first, then every zone, narrowed by the search.
      expect(within(timezone).getAllByRole('option').slice(0, 8).map((option) => option.textContent)).toEqual([
        'Eastern (America/New_York)',
        'Central (America/Chicago)',
        'Mountain (America/Denver)',
        'Pacific (America/Los_Angeles)',
        'Alaska (America/Anchorage)',
        'Hawaii (Pacific/Honolulu)',
        'UTC',
        'Africa/Abidjan',
      ]);
      await user.type(within(form).getByLabelText('Find a time zone'), 'paris');
      // After the seven, the match alone.
      expect(within(timezone).getAllByRole('option').slice(7).map((option) => option.textContent)).toEqual(['Europe/Paris']);

      await user.clear(within(form).getByLabelText('Display Name'));
      await user.type(within(form).getByLabelText('Display Name'), 'Bean');
      await user.selectOptions(within(form).getByLabelText('Sex'), 'Unknown');
      await user.selectOptions(timezone, 'Europe/Paris');
      await user.click(within(form).getByRole('button', { name: 'Save Changes' }));

      expect(await screen.findByRole('article', { name: 'Bean' })).toBeInTheDocument();
      expect(screen.queryByRole('form')).not.toBeInTheDocument();
      expect(body).toEqual({
        displayName: 'Bean',
        birthDate: '2025-01-15',
        sex: 'Unknown',
        nightWindowStart: '19:00',
        nightWindowEnd: '08:00',
        timezone: 'Europe/Paris',
      });
    });

    it('requires a display name and a birth date', async () => {
      answerChildren([testChild]);
      const { user } = renderCard();

      await user.click(await screen.findByRole('button', { name: 'Edit JD' }));
      await user.clear(screen.getByLabelText('Display Name'));
      await user.clear(screen.getByLabelText('Birth Date'));
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));

      expect(screen.getByLabelText('Display Name')).toHaveAccessibleDescription('Display name is required');
      expect(screen.getByLabelText('Birth Date')).toHaveAccessibleDescription('Birth date is required');
      expect(screen.getByLabelText('Display Name')).toHaveAttribute('maxLength', '50');
      expect(screen.getByLabelText('Display Name')).toHaveFocus();
    });

    it("shows 'Saving...' and then the server's message", async () => {
      answerChildren([testChild]);
      let release: () => void = () => {};
      server.use(
        http.put('/api/settings/children/child-1', async () => {
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          return HttpResponse.json({ message: 'Night window is invalid' }, { status: 400 });
        }),
      );
      const { user } = renderCard();

      await user.click(await screen.findByRole('button', { name: 'Edit JD' }));
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));

      expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
      release();
      expect(await screen.findByRole('alert')).toHaveTextContent('Night window is invalid');
    });

    it('keeps a time zone that is not among the choices', async () => {
      answerChildren([{ ...testChild, timezone: 'Europe/London' }]);
      const { user } = renderCard();

      await user.click(await screen.findByRole('button', { name: 'Edit JD' }));

      expect(screen.getByLabelText('Timezone')).toHaveValue('Europe/London');
    });

    it('Cancel closes the form without saving', async () => {
      answerChildren([testChild]);
      const { user } = renderCard();

      await user.click(await screen.findByRole('button', { name: 'Edit JD' }));
      await user.click(screen.getByRole('button', { name: 'Cancel' }));

      expect(screen.queryByRole('form')).not.toBeInTheDocument();
      expect(screen.getByRole('article', { name: 'JD' })).toBeInTheDocument();
    });
  });

  describe('deleting', () => {
    it("insists on 'DELETE', exactly", async () => {
      answerChildren([testChild]);
      const { user } = renderCard();

      await user.click(await screen.findByRole('button', { name: 'Delete JD' }));
      const dialog = screen.getByRole('dialog', { name: 'Delete JD' });
      expect(dialog).toHaveAttribute('aria-modal', 'true');
      expect(dialog).toHaveAccessibleDescription(
        'This will permanently delete JD and all of their feeding, sleep and activity data. This action cannot be undone.',
      );
      expect(within(dialog).getByLabelText('Type DELETE to confirm')).toHaveFocus();

      await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'delete');
      await user.click(within(dialog).getByRole('button', { name: 'Delete Child' }));

      expect(within(dialog).getByLabelText('Type DELETE to confirm')).toHaveAccessibleDescription(
        'Please type DELETE to confirm',
      );
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Please type DELETE to confirm');
      expect(within(dialog).getByLabelText('Type DELETE to confirm')).toHaveFocus();
    });

    it('deletes the child, closes the dialog and refreshes every cache that shows child data', async () => {
      let children = [testChild];
      let body: unknown;
      server.use(
        http.get('/api/settings/children', () => HttpResponse.json(children)),
        http.delete('/api/settings/children/child-1', async ({ request }) => {
          body = await request.json();
          children = [];
          return HttpResponse.json({ ok: true });
        }),
      );
      const { user, queryClient } = renderCard();
      const cached = ['diapers', 'growth', 'insights', 'feedings', 'sleep', 'children'].map((root) => [root, 'child-1']);
      for (const key of cached) queryClient.setQueryData(key, []);

      await user.click(await screen.findByRole('button', { name: 'Delete JD' }));
      await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
      await user.click(screen.getByRole('button', { name: 'Delete Child' }));

      expect(await screen.findByText("You haven't added any children yet.")).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(body).toEqual({ confirmText: 'DELETE' });
      for (const key of cached) expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
    });

    it("shows the server's message in the dialog", async () => {
      answerChildren([testChild]);
      server.use(
        http.delete('/api/settings/children/child-1', () =>
          HttpResponse.json({ message: 'Child not found' }, { status: 404 }),
        ),
      );
      const { user } = renderCard();

      await user.click(await screen.findByRole('button', { name: 'Delete JD' }));
      await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
      await user.click(screen.getByRole('button', { name: 'Delete Child' }));

      expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('Child not found');
    });

    it('clears the input when closed, with Escape, and gives focus back', async () => {
      answerChildren([testChild]);
      const { user } = renderCard();

      const opener = await screen.findByRole('button', { name: 'Delete JD' });
      await user.click(opener);
      await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DEL');
      await user.keyboard('{Escape}');

      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(opener).toHaveFocus();
      await user.click(opener);
      expect(screen.getByLabelText('Type DELETE to confirm')).toHaveValue('');
    });

    it('keeps Tab inside the dialog', async () => {
      answerChildren([testChild]);
      const { user } = renderCard();

      await user.click(await screen.findByRole('button', { name: 'Delete JD' }));
      const dialog = screen.getByRole('dialog');
      await user.tab();
      await user.tab();
      expect(within(dialog).getByRole('button', { name: 'Delete Child' })).toHaveFocus();
      await user.tab();
      expect(within(dialog).getByLabelText('Type DELETE to confirm')).toHaveFocus();
      await user.tab({ shift: true });
      expect(within(dialog).getByRole('button', { name: 'Delete Child' })).toHaveFocus();
    });
  });
});

describe('ChildrenCard for a caregiver', () => {
  it("shows the child without the parent's Edit and Delete", async () => {
    signIn();
    answerChildren([{ ...testChild, role: 'caregiver' }]);
    renderCard();
    const child = await screen.findByRole('article', { name: 'JD' });
    expect(within(child).getByText('Caregiver')).toBeInTheDocument();
    expect(within(child).queryByRole('button', { name: 'Edit JD' })).not.toBeInTheDocument();
    expect(within(child).queryByRole('button', { name: 'Delete JD' })).not.toBeInTheDocument();
  });
});
