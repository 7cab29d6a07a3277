import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../testing/auth-fixtures.ts';
import { server } from '../../../testing/msw-server.ts';
import { renderPage } from '../../../testing/render-app.tsx';
import { makeFeeding, makeSleep } from '../../../testing/tracking-fixtures.ts';
import type { Feeding, TimelineEntry } from '../../../types/api.ts';
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

const PARENT = { memberId: 'user-1', displayName: 'Alex' };

/** Answers GET and PUT of one entry of `path`, and gives back what PUT received. */
function answerEntry(path: string, entry: object) {
  const put: Record<string, unknown>[] = [];
  server.use(
    http.get(`${path}/:id`, () => HttpResponse.json(entry as Record<string, unknown>)),
    http.put(`${path}/:id`, async ({ request }) => {
      put.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json(entry as Record<string, unknown>, { headers: { 'X-Event-Position': '12' } });
    }),
  );
  return put;
}

async function openEditOf(line: TimelineEntry, name: string) {
  renderPage(<EntryList childId="child-1" entries={[line]} editable emptyTitle="" emptyHint="" label="Today" />);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name }));
  const dialog = screen.getByRole('dialog', { name: `Edit ${line.type}` });
  await within(dialog).findByRole('button', { name: 'Save Changes' });
  return { user, dialog };
}

describe('editing the other kinds', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 6, 1, 12, 0, 0));
    signIn();
  });

  it('corrects a night’s sleep by the time the baby woke up, across midnight', async () => {
    const night = makeSleep({ startedAt: new Date(2025, 5, 30, 19, 30).toISOString(), endedAt: new Date(2025, 6, 1, 5, 0).toISOString(), notes: 'Sleep session', entry: { datetime: '2025-06-30T19:30' } });
    const put = answerEntry('/api/sleep', night);
    const { user, dialog } = await openEditOf(night.entry, 'Edit sleep at 7:30 PM');

    expect(within(dialog).getByLabelText('Fell asleep')).toHaveValue('2025-06-30T19:30');
    expect(within(dialog).getByLabelText('Woke up')).toHaveValue('05:00');
    expect(within(dialog).getByLabelText('Duration in minutes')).toHaveValue(570);
    fireEvent.change(within(dialog).getByLabelText('Woke up'), { target: { value: '06:10' } });
    expect(within(dialog).getByLabelText('Duration in minutes')).toHaveValue(640);
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(put).toHaveLength(1));
    expect(put[0]).toEqual({ childId: 'child-1', startedAt: new Date(2025, 5, 30, 19, 30).toISOString(), endedAt: new Date(2025, 6, 1, 6, 10).toISOString(), notes: 'Sleep session' });
  });

  it('corrects what a diaper held, keeping its exact time', async () => {
    const occurredAt = new Date(2025, 6, 1, 8, 15, 42).toISOString();
    const line: TimelineEntry = { id: 'diaper-1', datetime: '2025-07-01T08:15', type: 'Diaper', icon: '💧', amount: 'Wet', duration: '', notes: '', status: 'completed', loggedBy: PARENT };
    const diaper = { id: 'diaper-1', childId: 'child-1', occurredAt, contents: 'wet', color: null, guidance: null, notes: '', loggedBy: PARENT, entry: line };
    const put = answerEntry('/api/diapers', diaper);
    const { user, dialog } = await openEditOf(line, 'Edit diaper at 8:15 AM');

    expect(within(dialog).getByRole('radio', { name: 'Wet' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Both' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Green' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(put).toHaveLength(1));
    expect(put[0]).toEqual({ childId: 'child-1', occurredAt, contents: 'both', color: 'green' });
  });

  it('corrects a pumping session in the unit it was entered in', async () => {
    const startedAt = new Date(2025, 6, 1, 6, 0).toISOString();
    const line: TimelineEntry = { id: 'pumping-1', datetime: '2025-07-01T06:00', type: 'Pumping', icon: '🥛', amount: 'L 60 mL', duration: '15m', notes: '', status: 'completed', loggedBy: PARENT };
    const pumping = { id: 'pumping-1', childId: 'child-1', startedAt, durationMinutes: 15, leftAmount: 60, rightAmount: null, unit: 'mL', notes: '', loggedBy: PARENT, entry: line };
    const put = answerEntry('/api/pumpings', pumping);
    const { user, dialog } = await openEditOf(line, 'Edit pumping at 6:00 AM');

    expect(within(dialog).getByLabelText('Left (mL)')).toHaveValue(60);
    await user.type(within(dialog).getByLabelText('Right (mL)'), '45');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(put).toHaveLength(1));
    expect(put[0]).toEqual({ childId: 'child-1', startedAt, unit: 'mL', durationMinutes: 15, leftAmount: 60, rightAmount: 45 });
  });
});
