import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../testing/auth-fixtures.ts';
import { server } from '../../../testing/msw-server.ts';
import { renderPage } from '../../../testing/render-app.tsx';
import type { VolumeUnit } from '../../../types/api.ts';
import { AddPumpingDialog } from './pumping.tsx';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open pumping dialog
      </button>
      <AddPumpingDialog open={open} onClose={() => setOpen(false)} childId="child-1" />
    </>
  );
}

function answerPosts() {
  const posted: unknown[] = [];
  server.use(
    http.post('/api/pumpings', async ({ request }) => {
      posted.push(await request.json());
      return HttpResponse.json({ id: 'p1' }, { status: 201 });
    }),
  );
  return posted;
}

/** The dialog starts in the parent's volume unit. */
async function openDialog(unit: VolumeUnit = 'mL') {
  signIn({ units: { volume: unit, growth: unit === 'mL' ? 'metric' : 'imperial' } });
  renderPage(<Harness />);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Open pumping dialog' }));
  return user;
}

describe('AddPumpingDialog', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 5, 15, 6, 30, 0));
    signIn();
  });

  it('logs a session started now with only the start: duration and amounts are optional', async () => {
    const posted = answerPosts();
    const user = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Add Entry' }));
    await waitFor(() => expect(posted).toEqual([{ childId: 'child-1', startedAt: new Date(2025, 5, 15, 6, 30).toISOString(), unit: 'mL' }]));
  });

  it('sends the duration and each side in the unit chosen', async () => {
    const posted = answerPosts();
    const user = await openDialog('mL');
    await user.type(screen.getByLabelText('Duration in minutes (optional)'), '20');
    await user.click(screen.getByRole('radio', { name: 'oz' }));
    await user.type(screen.getByLabelText('Left (oz)'), '2.5');
    await user.type(screen.getByLabelText('Right (oz)'), '1.75');
    await user.click(screen.getByRole('button', { name: 'Add Entry' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ durationMinutes: 20, leftAmount: 2.5, rightAmount: 1.75, unit: 'oz' });
  });

  it.each([
    ['mL', '601', 'Amount must be between 0 and 600 mL'],
    ['mL', '62', 'Amount must be in steps of 5 mL'],
    ['oz', '2.1', 'Amount must be in steps of 0.25 oz'],
  ] as const)('refuses %s %s with "%s"', async (unit, amount, message) => {
    const posted = answerPosts();
    const user = await openDialog(unit);
    await user.type(screen.getByLabelText(`Left (${unit})`), amount);
    await user.click(screen.getByRole('button', { name: 'Add Entry' }));
    expect(screen.getByLabelText(`Left (${unit})`)).toHaveAccessibleDescription(message);
    expect(posted).toHaveLength(0);
  });

  it('refuses a duration past two hours', async () => {
    answerPosts();
    const user = await openDialog();
    await user.type(screen.getByLabelText('Duration in minutes (optional)'), '121');
    await user.click(screen.getByRole('button', { name: 'Add Entry' }));
    expect(screen.getByLabelText('Duration in minutes (optional)')).toHaveAccessibleDescription('Duration must be a whole number of minutes from 1 to 120');
  });
});
