import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../testing/auth-fixtures.ts';
import { server } from '../../../testing/msw-server.ts';
import { renderPage } from '../../../testing/render-app.tsx';
import { lastBottle } from '../../../testing/timer-fixtures.ts';
import { makeFeeding } from '../../../testing/tracking-fixtures.ts';
import type { LastBottle } from '../../../types/api.ts';
import { useSameBottleTap } from '../hooks/use-same-bottle-tap.ts';
import { SameAsLastButton } from './same-as-last-button.tsx';

const NOW = new Date(2025, 5, 15, 12, 0, 0);

type Post = { body: Record<string, unknown>; idempotencyKey: string | null };

/** Records the feedings posted and deleted; each post is answered as a new feeding. */
function answerFeedings() {
  const posted: Post[] = [];
  const deleted: string[] = [];
  server.use(
    http.post('/api/feedings', async ({ request }) => {
      posted.push({ body: (await request.json()) as Record<string, unknown>, idempotencyKey: request.headers.get('Idempotency-Key') });
      return HttpResponse.json(makeFeeding({ id: `feeding-${posted.length}` }), { status: 201, headers: { 'X-Event-Position': '9' } });
    }),
    http.delete('/api/feedings/:id', ({ params }) => {
      deleted.push(String(params.id));
      return HttpResponse.json({ ok: true }, { headers: { 'X-Event-Position': '10' } });
    }),
  );
  return { posted, deleted };
}

function renderButton(bottle: LastBottle | null = lastBottle()) {
  const rendered = renderPage(<SameAsLastButton childId="child-1" lastBottle={bottle} />);
  // Fake timers that also run on their own, so requests and waits go on while a test jumps ahead.
  return { ...rendered, user: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }) };
}

const button = () => screen.getByRole('button', { name: /^Same as last/ });

describe('SameAsLastButton', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(NOW);
    signIn();
  });

  it("names the last bottle in the parent's unit, and is not offered before the first bottle", () => {
    const { unmount } = renderButton();
    expect(button()).toHaveTextContent('Same as last: 4 oz Formula');
    unmount();

    signIn({ units: { volume: 'mL', growth: 'metric' } });
    const second = renderButton(lastBottle({ type: null }));
    expect(button()).toHaveTextContent('Same as last: 118 mL');
    second.unmount();

    renderButton(null);
    expect(screen.queryByRole('button', { name: /^Same as last/ })).not.toBeInTheDocument();
  });

  it('logs one feeding for a double tap: one POST with an Idempotency-Key, the bottle as entered, starting now', async () => {
    const { posted } = answerFeedings();
    const { user } = renderButton();

    await user.dblClick(button());

    expect(await screen.findByText('Bottle logged: 4 oz Formula')).toBeInTheDocument();
    expect(posted).toEqual([
      {
        body: { childId: 'child-1', startedAt: NOW.toISOString(), method: 'Bottle', amountOz: 4, type: 'Formula' },
        idempotencyKey: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7/),
      },
    ]);
    // Taps while the toast shows do nothing more.
    expect(button()).toBeDisabled();
    fireEvent.click(button());
    expect(posted).toHaveLength(1);
  });

  it('drops a second tap that lands before the button is disabled', async () => {
    const { posted } = answerFeedings();
    renderButton();

    fireEvent.click(button());
    fireEvent.click(button());

    await screen.findByText('Bottle logged: 4 oz Formula');
    expect(posted).toHaveLength(1);
  });

  it('drops a second tap in the same instant, before React has rendered anything', async () => {
    const { posted } = answerFeedings();
    let tap: ReturnType<typeof useSameBottleTap> | null = null;
    function Probe() {
      tap = useSameBottleTap('child-1');
      return null;
    }
    renderPage(<Probe />);

    act(() => {
      tap!.logAgain(lastBottle());
      tap!.logAgain(lastBottle());
    });

    await waitFor(() => expect(tap!.loggedId).toBe('feeding-1'));
    expect(posted).toHaveLength(1);
  });

  it('sends millilitres for a bottle entered so, whatever the reader measures in', async () => {
    const { posted } = answerFeedings();
    const { user } = renderButton(lastBottle({ amountOz: 4.058, enteredAmount: { value: 120, unit: 'mL' }, type: 'Breast Milk' }));

    expect(button()).toHaveTextContent('Same as last: 4.1 oz Breast Milk');
    await user.click(button());

    await screen.findByText('Bottle logged: 4.1 oz Breast Milk');
    expect(posted[0]!.body).toEqual({ childId: 'child-1', startedAt: NOW.toISOString(), method: 'Bottle', amountMl: 120, type: 'Breast Milk' });
  });

  it('offers Undo for 10 seconds, then the button again with a new key', async () => {
    const { posted } = answerFeedings();
    const { user } = renderButton();

    await user.click(button());
    await screen.findByText('Bottle logged: 4 oz Formula');

    act(() => vi.advanceTimersByTime(9_000));
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1_500));
    expect(screen.queryByText('Bottle logged: 4 oz Formula')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    expect(button()).toBeEnabled();

    await user.click(button());
    await screen.findByText('Bottle logged: 4 oz Formula');
    expect(posted).toHaveLength(2);
    expect(posted[1]!.idempotencyKey).not.toBe(posted[0]!.idempotencyKey);
  });

  it("deletes the feeding on Undo, then says 'Bottle removed'", async () => {
    const { deleted } = answerFeedings();
    const { user } = renderButton();

    await user.click(button());
    await user.click(await screen.findByRole('button', { name: 'Undo' }));

    expect(await screen.findByText('Bottle removed')).toBeInTheDocument();
    expect(deleted).toEqual(['feeding-1']);
    expect(screen.queryByText('Bottle logged: 4 oz Formula')).not.toBeInTheDocument();
    expect(button()).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent('Bottle removed');
  });

  it("shows the server's refusal, and a new tap is a new request", async () => {
    const posted: (string | null)[] = [];
    server.use(
      http.post('/api/feedings', ({ request }) => {
        posted.push(request.headers.get('Idempotency-Key'));
        return HttpResponse.json({ message: 'This feeding overlaps another feeding' }, { status: 409 });
      }),
    );
    const { user } = renderButton();

    await user.click(button());
    expect(await screen.findByRole('alert')).toHaveTextContent('This feeding overlaps another feeding');
    await waitFor(() => expect(button()).toBeEnabled());
    await user.click(button());
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]).not.toBe(posted[0]);
  });
});
