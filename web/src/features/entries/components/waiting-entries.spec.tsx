import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { outbox } from '../../../lib/offline/app-outbox.ts';
import { signIn } from '../../../testing/auth-fixtures.ts';
import { server } from '../../../testing/msw-server.ts';
import { renderPage } from '../../../testing/render-app.tsx';
import { todayLocalDate } from '../../../lib/local-date.ts';
import { useDayEntries } from '../hooks/use-day-entries.ts';
import { AddFeedingDialog } from '../kinds/feeding.tsx';
import { EntryList } from './entry-list.tsx';

const OVERLAP = 'This feeding overlaps another feeding from 2:00 AM to 2:20 AM';

/** Today's timeline with its Add Feeding button, as the dashboard has them. */
function Today() {
  const day = useDayEntries({ childId: 'child-1', date: todayLocalDate(), limits: { sleep: 20 } });
  const [adding, setAdding] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setAdding(true)}>
        Add Feeding
      </button>
      {!day.isPending && <EntryList childId="child-1" entries={day.entries} label="Today's activities" emptyTitle="No activities today" emptyHint="" />}
      <AddFeedingDialog open={adding} onClose={() => setAdding(false)} childId="child-1" />
    </>
  );
}

function emptyDay() {
  server.use(
    http.get('/api/feedings', () => HttpResponse.json([])),
    http.get('/api/sleep', () => HttpResponse.json([])),
    http.get('/api/diapers', () => HttpResponse.json([])),
    http.get('/api/pumpings', () => HttpResponse.json([])),
  );
}

async function addBottleOffline(user: ReturnType<typeof userEvent.setup>, amount: string) {
  await user.click(screen.getByRole('button', { name: 'Add Feeding' }));
  await user.type(screen.getByLabelText('Amount (oz)'), amount);
  await user.click(screen.getByRole('button', { name: 'Add Entry' }));
  // Kept in the outbox, the entry is done with as far as the dialog goes.
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Feeding' })).not.toBeInTheDocument());
}

describe('writes waiting in the outbox', () => {
  it('shows a feeding added offline at once, marked Waiting to sync; refused on sync, the message with Edit, which saves a corrected one', async () => {
    signIn();
    emptyDay();
    const posted: { key: string | null; amountOz: unknown }[] = [];
    let refuse = true;
    server.use(
      http.post('/api/feedings', async ({ request }) => {
        const body = (await request.json()) as { amountOz: unknown };
        posted.push({ key: request.headers.get('Idempotency-Key'), amountOz: body.amountOz });
        return refuse ? HttpResponse.json({ message: OVERLAP }, { status: 409 }) : HttpResponse.json({ id: 'f1', position: 3 }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderPage(<Today />);
    await screen.findByRole('heading', { name: 'No activities today' });

    act(() => onlineManager.setOnline(false));
    await addBottleOffline(user, '4');
    const list = await screen.findByRole('list', { name: "Today's activities" });
    const waiting = within(list).getByRole('listitem');
    expect(waiting).toHaveTextContent('Feeding');
    expect(waiting).toHaveTextContent('4 oz');
    expect(within(waiting).getByText('Waiting to sync')).toBeInTheDocument();
    expect(posted).toEqual([]);

    act(() => onlineManager.setOnline(true));
    await outbox.flush();
    const refusal = await within(list).findByRole('alert');
    expect(refusal).toHaveTextContent(OVERLAP);
    expect(within(list).queryByText('Waiting to sync')).not.toBeInTheDocument();
    expect(posted).toHaveLength(1);

    await user.click(within(refusal).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Feeding' });
    const amount = within(dialog).getByLabelText('Amount (oz)');
    expect(amount).toHaveValue(4);
    refuse = false;
    await user.clear(amount);
    await user.type(amount, '5');
    await user.click(within(dialog).getByRole('button', { name: 'Add Entry' }));
    await outbox.flush();

    expect(posted).toEqual([posted[0], { key: posted[0]!.key, amountOz: 5 }]);
    expect(outbox.getItems()).toEqual([]);
  });

  it('Discard drops a refused write, and nothing else is sent', async () => {
    signIn();
    emptyDay();
    let posts = 0;
    server.use(
      http.post('/api/feedings', () => {
        posts += 1;
        return HttpResponse.json({ message: 'Child not found' }, { status: 404 });
      }),
    );
    const user = userEvent.setup();
    renderPage(<Today />);
    await screen.findByRole('heading', { name: 'No activities today' });
    act(() => onlineManager.setOnline(false));
    await addBottleOffline(user, '3');
    act(() => onlineManager.setOnline(true));
    await outbox.flush();

    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent('Child not found');
    await user.click(within(refusal).getByRole('button', { name: 'Discard' }));
    await screen.findByRole('heading', { name: 'No activities today' });
    expect(outbox.getItems()).toEqual([]);
    await outbox.flush();
    expect(posts).toBe(1);
  });
});
