import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../testing/auth-fixtures.ts';
import { server } from '../../../testing/msw-server.ts';
import { renderPage } from '../../../testing/render-app.tsx';
import { makeFeeding } from '../../../testing/tracking-fixtures.ts';
import type { Feeding } from '../../../types/api.ts';
import { EntryList } from './entry-list.tsx';

// A nursing feeding a timer logged: to the second, 27 minutes 40 seconds, 19 on the left and 8 on the right.
const startedAt = new Date(2025, 5, 15, 9, 30, 27);
const nursing = makeFeeding({
  id: 'feeding-2',
  method: 'Nursing',
  type: null,
  amountOz: null,
  amountMl: null,
  enteredAmount: null,
  sides: { leftMinutes: 19, rightMinutes: 8 },
  startedAt: startedAt.toISOString(),
  endedAt: new Date(startedAt.getTime() + (27 * 60 + 40) * 1000).toISOString(),
  notes: 'Nursing feeding',
  entry: { id: 'feeding-2', datetime: '2025-06-15T09:30', icon: '🤱', amount: 'L 19m · R 8m', duration: '27m', notes: 'Nursing feeding' },
});

function answerFeeding(feeding: Feeding) {
  const put: Record<string, unknown>[] = [];
  server.use(
    http.get('/api/feedings/:id', () => HttpResponse.json(feeding)),
    http.put('/api/feedings/:id', async ({ request }) => {
      put.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json(feeding, { headers: { 'X-Event-Position': '12' } });
    }),
  );
  return put;
}

async function openEdit(feeding: Feeding, time: string) {
  renderPage(<EntryList childId="child-1" entries={[feeding.entry]} editable emptyTitle="" emptyHint="" label="Today" />);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: `Edit feeding at ${time}` }));
  const dialog = screen.getByRole('dialog', { name: 'Edit Feeding' });
  await within(dialog).findByRole('button', { name: 'Save Changes' });
  return { user, dialog };
}

describe('editing a feeding', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 5, 15, 12, 0, 0));
    signIn();
  });

  it('opens with the feeding as logged, and keeps its exact times and per-breast minutes when they were not touched', async () => {
    const put = answerFeeding(nursing);
    const { user, dialog } = await openEdit(nursing, '9:30 AM');

    expect(within(dialog).getByLabelText('Date and time')).toHaveValue('2025-06-15T09:30');
    expect(within(dialog).getByRole('radio', { name: 'Nursing' })).toBeChecked();
    expect(within(dialog).getByLabelText('Duration in minutes (optional)')).toHaveValue(27);
    await user.clear(within(dialog).getByLabelText('Notes (optional)'));
    await user.type(within(dialog).getByLabelText('Notes (optional)'), 'Sleepy');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(put).toEqual([
      {
        childId: 'child-1',
        startedAt: nursing.startedAt,
        endedAt: nursing.endedAt,
        method: 'Nursing',
        notes: 'Sleepy',
        sides: { leftMinutes: 19, rightMinutes: 8 },
      },
    ]);
  });

  it('clears the per-breast minutes once the duration changed: they would no longer add up', async () => {
    const put = answerFeeding(nursing);
    const { user, dialog } = await openEdit(nursing, '9:30 AM');

    await user.clear(within(dialog).getByLabelText('Duration in minutes (optional)'));
    await user.type(within(dialog).getByLabelText('Duration in minutes (optional)'), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(put).toHaveLength(1));
    expect(put[0]).toMatchObject({
      startedAt: new Date(2025, 5, 15, 9, 30).toISOString(),
      endedAt: new Date(2025, 5, 15, 10, 0).toISOString(),
      sides: null,
    });
  });

  it('clears them once the start changed', async () => {
    const put = answerFeeding(nursing);
    const { user, dialog } = await openEdit(nursing, '9:30 AM');

    const start = within(dialog).getByLabelText('Date and time');
    await user.clear(start);
    await user.type(start, '2025-06-15T09:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(put).toHaveLength(1));
    expect(put[0]).toMatchObject({ startedAt: new Date(2025, 5, 15, 9, 0).toISOString(), endedAt: new Date(2025, 5, 15, 9, 27).toISOString(), sides: null });
  });

  it('keeps a bottle in the unit it was entered in', async () => {
    const bottle = makeFeeding({ id: 'feeding-1', amountOz: 4.058, enteredAmount: { value: 120, unit: 'mL' }, type: 'Breast Milk' });
    const put = answerFeeding(bottle);
    const { user, dialog } = await openEdit(bottle, '9:30 AM');

    expect(within(dialog).getByLabelText('Amount (mL)')).toHaveValue(120);
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(put).toHaveLength(1));
    expect(put[0]).toMatchObject({ method: 'Bottle', amountMl: 120, type: 'Breast Milk', startedAt: bottle.startedAt, endedAt: bottle.endedAt, sides: null });
  });
});
