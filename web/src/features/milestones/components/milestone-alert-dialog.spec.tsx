import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { signIn } from '../../../testing/auth-fixtures.ts';
import { server } from '../../../testing/msw-server.ts';
import { renderPage } from '../../../testing/render-app.tsx';
import type { MilestoneAlert } from '../../../types/api.ts';
import { MilestoneAlertDialog } from './milestone-alert-dialog.tsx';

const weekAhead: MilestoneAlert = {
  id: 'alert-1',
  isNew: true,
  alertType: 'ONE_WEEK_WARNING',
  milestone: {
    label: '2 months',
    amountPerFeeding: '4–5 oz (120–150 mL)',
    feedingsPerDay: '6–7',
    details: ['The CHOP Infant Feeding Guide gives 5–6 oz, 5–6 feedings a day.', 'Generally no more than 32 oz in 24 hours (AAP).'],
  },
};

/** Serves `alert` until an action ends it; records every call in order. */
function answerAlert(initial: MilestoneAlert | null) {
  let alert = initial;
  const calls: string[] = [];
  server.use(
    http.get('/api/milestone-alerts/:childId', ({ params }) => {
      calls.push(`GET ${String(params.childId)}`);
      return alert ? HttpResponse.json(alert) : HttpResponse.json({ message: 'No active alert' }, { status: 404 });
    }),
    http.post('/api/milestone-alerts/:id/:action', ({ params }) => {
      calls.push(`POST ${String(params.id)}/${String(params.action)}`);
      if (alert && params.action === 'shown') alert = { ...alert, isNew: false };
      if (params.action === 'dismiss' || params.action === 'remind-later') alert = null;
      return HttpResponse.json({ ok: true });
    }),
  );
  return calls;
}

function renderDialog() {
  renderPage(<MilestoneAlertDialog childId="child-1" />);
  return userEvent.setup();
}

describe('MilestoneAlertDialog', () => {
  beforeEach(() => signIn());

  it('stays closed when the child has no active alert (404)', async () => {
    const calls = answerAlert(null);
    const { queryClient } = renderPage(<MilestoneAlertDialog childId="child-1" />);

    // The 404 must have been answered and read as "no alert" before looking for the dialog.
    await waitFor(() =>
      expect(queryClient.getQueryState(['milestone-alerts', 'child-1'])).toMatchObject({
        status: 'success',
        fetchStatus: 'idle',
        data: null,
      }),
    );
    expect(calls).toEqual(['GET child-1']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens by itself with the milestone, and marks a new alert as shown once', async () => {
    const calls = answerAlert(weekAhead);
    renderDialog();

    const dialog = await screen.findByRole('dialog', { name: 'Coming up next week: 2 months' });
    expect(dialog).toHaveAccessibleDescription('In about a week your baby reaches the 2 months stage of the feeding guide.');
    expect(within(dialog).getByText('Amount per feeding').nextSibling).toHaveTextContent('4–5 oz (120–150 mL)');
    expect(within(dialog).getByText('Feedings per day').nextSibling).toHaveTextContent('6–7');
    expect(within(dialog).getAllByRole('listitem').map((item) => item.textContent)).toEqual(weekAhead.milestone.details);
    expect(within(dialog).getByText(/not medical advice/)).toBeInTheDocument();

    // The shown call refreshes the alert, which comes back no longer new: no second call.
    await waitFor(() => expect(calls).toEqual(['GET child-1', 'POST alert-1/shown', 'GET child-1']));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it("titles a reached milestone, and does not mark an alert that is not new", async () => {
    const calls = answerAlert({ ...weekAhead, isNew: false, alertType: 'MILESTONE_REACHED' });
    renderDialog();

    const dialog = await screen.findByRole('dialog', { name: '2 months milestone reached' });
    expect(dialog).toHaveAccessibleDescription('Your baby has reached the 2 months stage of the feeding guide.');
    expect(calls).toEqual(['GET child-1']);
  });

  it("'Got It' dismisses the alert and closes", async () => {
    const calls = answerAlert({ ...weekAhead, isNew: false });
    const user = renderDialog();

    await user.click(await screen.findByRole('button', { name: 'Got It' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(calls).toEqual(['GET child-1', 'POST alert-1/dismiss', 'GET child-1']));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("'Remind Me Later' snoozes the alert and closes", async () => {
    const calls = answerAlert({ ...weekAhead, isNew: false });
    const user = renderDialog();

    await user.click(await screen.findByRole('button', { name: 'Remind Me Later' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(calls).toEqual(['GET child-1', 'POST alert-1/remind-later', 'GET child-1']));
  });
});
