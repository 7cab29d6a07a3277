import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../testing/auth-fixtures.ts';
import { server } from '../../../testing/msw-server.ts';
import { renderPage } from '../../../testing/render-app.tsx';
import { bottleTimer, makeTimer, sleepTimer } from '../../../testing/timer-fixtures.ts';
import { makeFeeding, makeSleep } from '../../../testing/tracking-fixtures.ts';
import type { Timer } from '../../../types/api.ts';
import { TimerPanel } from './timer-panel.tsx';

// 15 June 2025, 12:00 local time.
const NOW = new Date(2025, 5, 15, 12, 0, 0);
const secondsAgo = (seconds: number) => new Date(NOW.getTime() - seconds * 1000).toISOString();

type Call = { path: string; body: unknown; idempotencyKey: string | null };

/** The running timers the server holds; each write changes them as the server would, and is recorded. */
function answerTimers(initial: Timer[], stopAnswer: () => Response = () => HttpResponse.json(makeSleep(), { status: 201 })) {
  let running = initial;
  const calls: Call[] = [];
  const record = async (request: Request) => {
    const text = await request.text();
    calls.push({ path: new URL(request.url).pathname, body: text ? JSON.parse(text) : undefined, idempotencyKey: request.headers.get('Idempotency-Key') });
  };
  server.use(
    http.get('/api/children/:id/timers', () => HttpResponse.json(running)),
    http.post('/api/timers/:id/switch-side', async ({ request, params }) => {
      await record(request);
      const timer = running.find((candidate) => candidate.id === params.id)!;
      const switched = { ...timer, side: timer.side === 'left' ? ('right' as const) : ('left' as const) };
      running = running.map((candidate) => (candidate.id === timer.id ? switched : candidate));
      return HttpResponse.json(switched, { headers: { 'X-Event-Position': '5' } });
    }),
    http.post('/api/timers/:id/stop', async ({ request, params }) => {
      await record(request);
      const answer = stopAnswer();
      if (answer.ok) running = running.filter((timer) => timer.id !== params.id);
      return answer;
    }),
    http.delete('/api/timers/:id', async ({ request, params }) => {
      await record(request);
      running = running.filter((timer) => timer.id !== params.id);
      return HttpResponse.json({ ok: true });
    }),
  );
  return calls;
}

function renderPanel() {
  const rendered = renderPage(<TimerPanel childId="child-1" />);
  return { ...rendered, user: userEvent.setup() };
}

const card = (name: string) => screen.findByRole('article', { name });

describe('TimerCard', () => {
  beforeEach(() => {
    // Only the clock and the second tick are faked: requests and waits run on real time.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(NOW);
    signIn();
  });

  it('ticks every second from the start on the phone clock, as m:ss and then h:mm:ss, and says who started it', async () => {
    answerTimers([sleepTimer({ startedAt: secondsAgo(58) }), makeTimer({ startedAt: secondsAgo(3599) })]);
    renderPanel();

    const sleep = await card('Sleep timer');
    const feeding = await card('Feeding timer');
    expect(within(sleep).getByRole('heading', { name: 'Sleep' })).toBeInTheDocument();
    expect(within(sleep).getByRole('timer')).toHaveTextContent('0:58');
    expect(within(feeding).getByRole('timer')).toHaveTextContent('59:59');
    expect(within(sleep).getByText('Started by Sam')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1000));
    expect(within(sleep).getByRole('timer')).toHaveTextContent('0:59');
    expect(within(feeding).getByRole('timer')).toHaveTextContent('1:00:00');

    act(() => vi.advanceTimersByTime(2000));
    expect(within(sleep).getByRole('timer')).toHaveTextContent('1:01');
    expect(within(feeding).getByRole('timer')).toHaveTextContent('1:00:02');
  });

  it('shows the side of a nursing timer and switches it in one tap', async () => {
    const calls = answerTimers([makeTimer({ side: 'left' })]);
    const { user } = renderPanel();

    const feeding = await card('Feeding timer');
    expect(within(feeding).getByText('Left side')).toBeInTheDocument();
    await user.click(within(feeding).getByRole('button', { name: 'Switch to right' }));

    expect(await within(feeding).findByText('Right side')).toBeInTheDocument();
    expect(within(feeding).getByRole('button', { name: 'Switch to left' })).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual(['/api/timers/timer-1/switch-side']);
  });

  it('stops a sleep at once, with an Idempotency-Key, and the card goes', async () => {
    const calls = answerTimers([sleepTimer()]);
    const { user } = renderPanel();

    await user.click(within(await card('Sleep timer')).getByRole('button', { name: 'Stop' }));

    await waitFor(() => expect(screen.queryByRole('article', { name: 'Sleep timer' })).not.toBeInTheDocument());
    expect(calls).toEqual([{ path: '/api/timers/timer-sleep/stop', body: { endedAt: NOW.toISOString() }, idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
    // With no sleep running, it can be started again.
    expect(screen.getByRole('button', { name: 'Start sleep' })).toBeInTheDocument();
  });

  it("asks a bottle's amount in the parent's unit, with Add Feeding's messages, before stopping", async () => {
    const calls = answerTimers([bottleTimer()], () => HttpResponse.json(makeFeeding(), { status: 201 }));
    const { user } = renderPanel();

    const bottle = await card('Feeding timer');
    expect(within(bottle).getByText('Bottle')).toBeInTheDocument();
    expect(within(bottle).queryByRole('button', { name: /Switch/ })).not.toBeInTheDocument();
    await user.click(within(bottle).getByRole('button', { name: 'Stop' }));

    const dialog = screen.getByRole('dialog', { name: 'Stop bottle feeding' });
    const amount = within(dialog).getByLabelText('Amount (oz)');
    expect(amount).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Stop and log' }));
    expect(amount).toHaveAccessibleDescription('Amount is required for bottle feeding');
    await user.type(amount, '2.3');
    expect(amount).toHaveAccessibleDescription('Amount must be in steps of 0.25 oz');
    expect(calls).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '4.5');
    await user.click(within(dialog).getByRole('button', { name: 'Stop and log' }));

    await waitFor(() => expect(screen.queryByRole('article', { name: 'Feeding timer' })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.map((call) => call.body)).toEqual([{ amountOz: 4.5, endedAt: NOW.toISOString() }]);
  });

  it('sends millilitres for a parent who measures so', async () => {
    signIn({ units: { volume: 'mL', growth: 'metric' } });
    const calls = answerTimers([bottleTimer()], () => HttpResponse.json(makeFeeding(), { status: 201 }));
    const { user } = renderPanel();

    await user.click(within(await card('Feeding timer')).getByRole('button', { name: 'Stop' }));
    const dialog = screen.getByRole('dialog', { name: 'Stop bottle feeding' });
    await user.type(within(dialog).getByLabelText('Amount (mL)'), '601');
    await user.click(within(dialog).getByRole('button', { name: 'Stop and log' }));
    expect(within(dialog).getByLabelText('Amount (mL)')).toHaveAccessibleDescription('Amount must be between 0 and 600 mL');
    await user.clear(within(dialog).getByLabelText('Amount (mL)'));
    await user.type(within(dialog).getByLabelText('Amount (mL)'), '120');
    await user.click(within(dialog).getByRole('button', { name: 'Stop and log' }));

    await waitFor(() => expect(calls.map((call) => call.body)).toEqual([{ amountMl: 120, endedAt: NOW.toISOString() }]));
  });

  it("shows the server's refusal on the card, which stays", async () => {
    answerTimers([makeTimer({ startedAt: secondsAgo(20) })], () => HttpResponse.json({ message: 'A feeding must last at least 1 minute' }, { status: 400 }));
    const { user } = renderPanel();

    const feeding = await card('Feeding timer');
    await user.click(within(feeding).getByRole('button', { name: 'Stop' }));

    expect(await within(feeding).findByRole('alert')).toHaveTextContent('A feeding must last at least 1 minute');
    expect(within(feeding).getByRole('button', { name: 'Stop' })).toBeEnabled();
  });

  it('discards only once confirmed, and logs nothing', async () => {
    const calls = answerTimers([sleepTimer()]);
    const { user } = renderPanel();

    const sleep = await card('Sleep timer');
    await user.click(within(sleep).getByRole('button', { name: 'Discard' }));
    const confirm = within(sleep).getByRole('group', { name: 'Discard this timer?' });
    expect(confirm).toHaveTextContent('Discard this sleep timer? Nothing will be logged.');
    await user.click(within(confirm).getByRole('button', { name: 'Keep timer' }));
    expect(calls).toHaveLength(0);

    await user.click(within(sleep).getByRole('button', { name: 'Discard' }));
    await user.click(within(sleep).getByRole('button', { name: 'Yes, discard' }));

    await waitFor(() => expect(screen.queryByRole('article', { name: 'Sleep timer' })).not.toBeInTheDocument());
    expect(calls.map((call) => call.path)).toEqual(['/api/timers/timer-sleep']);
  });
});
