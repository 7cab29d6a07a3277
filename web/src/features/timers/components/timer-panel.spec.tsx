import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { outbox } from '../../../lib/offline/app-outbox.ts';
import { signIn } from '../../../testing/auth-fixtures.ts';
import { server } from '../../../testing/msw-server.ts';
import { renderPage } from '../../../testing/render-app.tsx';
import { makeTimer, sleepTimer } from '../../../testing/timer-fixtures.ts';
import type { Timer } from '../../../types/api.ts';
import { TimerPanel } from './timer-panel.tsx';

/** Running timers as the server holds them; a start adds one, or is refused with `refusal`. */
function answerStarts(initial: Timer[] = [], refusal?: { status: number; message: string }) {
  let running = initial;
  const started: unknown[] = [];
  server.use(
    http.get('/api/children/:id/timers', () => HttpResponse.json(running)),
    http.post('/api/timers', async ({ request }) => {
      const body = (await request.json()) as { kind: Timer['kind']; method?: 'Bottle' | 'Nursing'; side?: 'left' | 'right' };
      started.push(body);
      if (refusal) return HttpResponse.json({ message: refusal.message }, { status: refusal.status });
      const timer =
        body.kind === 'feeding'
          ? makeTimer({ id: `timer-${started.length}`, method: body.method ?? 'Nursing', side: body.method === 'Bottle' ? null : (body.side ?? 'left'), startedBy: { memberId: 'user-1', displayName: 'Alex' } })
          : sleepTimer({ id: `timer-${started.length}`, kind: body.kind });
      running = [...running, timer];
      return HttpResponse.json({ ...timer, position: 3 }, { status: 201, headers: { 'X-Event-Position': '3' } });
    }),
  );
  return started;
}

function renderPanel() {
  const rendered = renderPage(<TimerPanel childId="child-1" />);
  return { ...rendered, user: userEvent.setup() };
}

/** The phone's time at each tap, which every write carries. */
const TAPPED = new Date(2025, 5, 15, 12, 0, 0).toISOString();

describe('TimerPanel', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(TAPPED));
    signIn();
  });

  it("starts a feeding on the side chosen in one more tap: 'Left', 'Right' or 'Bottle'", async () => {
    const started = answerStarts();
    const { user } = renderPanel();

    await user.click(await screen.findByRole('button', { name: 'Start feeding' }));
    const choices = screen.getByRole('group', { name: 'Start feeding on' });
    expect(within(choices).getAllByRole('button').map((button) => button.textContent)).toEqual(['Left', 'Right', 'Bottle', 'Cancel']);
    await user.click(within(choices).getByRole('button', { name: 'Right' }));

    const feeding = await screen.findByRole('article', { name: 'Feeding timer' });
    expect(within(feeding).getByText('Right side')).toBeInTheDocument();
    expect(started).toEqual([{ childId: 'child-1', kind: 'feeding', method: 'Nursing', side: 'right', startedAt: TAPPED }]);
    // One feeding timer at a time: its start button is gone while it runs; the others stay.
    expect(screen.queryByRole('button', { name: 'Start feeding' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start sleep' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start pumping' })).toBeInTheDocument();
  });

  it('starts a bottle without a side, and a sleep in a single tap', async () => {
    const started = answerStarts();
    const { user } = renderPanel();

    await user.click(await screen.findByRole('button', { name: 'Start feeding' }));
    await user.click(screen.getByRole('button', { name: 'Bottle' }));
    await screen.findByRole('article', { name: 'Feeding timer' });
    await user.click(screen.getByRole('button', { name: 'Start sleep' }));
    await screen.findByRole('article', { name: 'Sleep timer' });

    expect(started).toEqual([
      { childId: 'child-1', kind: 'feeding', method: 'Bottle', startedAt: TAPPED },
      { childId: 'child-1', kind: 'sleep', startedAt: TAPPED },
    ]);
  });

  it('goes back from the choice with Cancel, starting nothing', async () => {
    const started = answerStarts();
    const { user } = renderPanel();

    await user.click(await screen.findByRole('button', { name: 'Start feeding' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Start feeding' })).toBeInTheDocument();
    expect(started).toEqual([]);
  });

  it('offers no start button for a kind already running', async () => {
    answerStarts([sleepTimer()]);
    renderPanel();

    await screen.findByRole('article', { name: 'Sleep timer' });
    expect(screen.queryByRole('button', { name: 'Start sleep' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start feeding' })).toBeInTheDocument();
  });

  it("shows the server's refusal when another member's timer of that kind already runs", async () => {
    answerStarts([], { status: 409, message: 'A sleep timer is already running' });
    const { user } = renderPanel();

    await user.click(await screen.findByRole('button', { name: 'Start sleep' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('A sleep timer is already running');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Start sleep' })).toBeEnabled());
  });

  it('starts and stops a sleep timer with no signal: shown at once, Waiting to sync, then sent in order to the id its start was given', async () => {
    const started = answerStarts();
    const stops: string[] = [];
    server.use(
      http.post('/api/timers/:id/stop', async ({ params, request }) => {
        const { endedAt } = (await request.json()) as { endedAt: string };
        stops.push(`${String(params.id)} ${request.headers.get('Idempotency-Key') ? 'keyed' : 'no key'} ${endedAt}`);
        return HttpResponse.json({ id: 'sleep-1', position: 4 }, { status: 201 });
      }),
    );
    const { user } = renderPanel();
    await screen.findByRole('button', { name: 'Start sleep' });

    act(() => onlineManager.setOnline(false));
    await user.click(screen.getByRole('button', { name: 'Start sleep' }));
    const timer = await screen.findByRole('article', { name: 'Sleep timer' });
    expect(within(timer).getByText('Waiting to sync')).toBeInTheDocument();
    expect(within(timer).getByRole('timer')).toHaveTextContent('0:00');
    expect(screen.queryByRole('button', { name: 'Start sleep' })).not.toBeInTheDocument();

    // Stopped 25 minutes later, and sent later still: both count when they were tapped.
    vi.setSystemTime(new Date(Date.parse(TAPPED) + 25 * 60_000));
    await user.click(within(timer).getByRole('button', { name: 'Stop' }));
    await within(timer).findByText('Stopped');
    vi.setSystemTime(new Date(Date.parse(TAPPED) + 40 * 60_000));
    expect(within(timer).queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
    expect(started).toEqual([]);

    act(() => onlineManager.setOnline(true));
    await outbox.flush();
    expect(started).toEqual([{ childId: 'child-1', kind: 'sleep', startedAt: TAPPED }]);
    expect(stops).toEqual([`timer-1 keyed ${new Date(Date.parse(TAPPED) + 25 * 60_000).toISOString()}`]);
    await waitFor(() => expect(outbox.getItems()).toEqual([]));
  });
});

