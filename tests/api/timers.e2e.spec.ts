import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TIMER_SWEEP_JOB } from '@nightlight/command-api/jobs/timer-maximum.job';
import { addChild, registerParent, type Parent } from './support/family';
import { startTestServer, type TestServer } from './support/test-server';

/** Timers over HTTP on the server's own clock, moved by the test: start, switch, stop, discard, the maximum. */

const START = Date.parse('2026-11-20T03:00:00Z');
const MINUTE = 60_000;
let now = START;
const at = (minutes: number) => new Date(START + minutes * MINUTE).toISOString();

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { clock: () => new Date(now) });
});
afterAll(() => server.close());
beforeEach(() => {
  now = START;
});

// Tokens are issued and checked on the server's clock, so each call gets one issued now.
const tokenOf = (member: Parent) => server.server.adapters.tokens.issueAccessToken(member.id);

async function call(member: Parent, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return server.call(method, path, { token: await tokenOf(member), body, headers });
}

async function settle(): Promise<void> {
  await server.server.projector.waitFor(await server.server.adapters.eventStore.headPosition(), 2000);
}

async function feedingsOf(member: Parent, childId: string) {
  await settle();
  return (await call(member, 'GET', `/api/feedings?childId=${childId}&date=2026-11-20`)).body as { id: string; startedAt: string; endedAt: string; notes: string }[];
}

async function runningTimers(member: Parent, childId: string) {
  await settle();
  return (await call(member, 'GET', `/api/children/${childId}/timers`)).body as { id: string }[];
}

describe('a nursing timer', () => {
  it('starts on a side, switches twice and stops into a nursing feeding whose minutes per side add up to its length', async () => {
    const parent = await registerParent(server, 'timers');
    const childId = await addChild(server, parent.token, { birthDate: '2026-10-10' });

    const started = await call(parent, 'POST', '/api/timers', { childId, kind: 'feeding', side: 'left' });
    expect(started.status).toBe(201);
    const timerId = started.body.id;
    expect(started.body).toEqual({
      id: timerId,
      childId,
      kind: 'feeding',
      method: 'Nursing',
      startedAt: at(0),
      side: 'left',
      sides: [{ side: 'left', startedAt: at(0), endedAt: null }],
      startedBy: { memberId: parent.id, displayName: 'Member 1' },
      stopsAt: at(120),
      position: expect.any(Number),
    });
    const { position: _position, ...view } = started.body;
    expect(await runningTimers(parent, childId)).toEqual([view]);

    now = START + 7 * MINUTE;
    const right = await call(parent, 'POST', `/api/timers/${timerId}/switch-side`);
    expect(right.status).toBe(200);
    expect(right.body.side).toBe('right');
    now = START + 15.5 * MINUTE;
    const left = await call(parent, 'POST', `/api/timers/${timerId}/switch-side`);
    expect(left.body.sides).toEqual([
      { side: 'left', startedAt: at(0), endedAt: at(7) },
      { side: 'right', startedAt: at(7), endedAt: at(15.5) },
      { side: 'left', startedAt: at(15.5), endedAt: null },
    ]);

    now = START + 27 * MINUTE;
    const stopped = await call(parent, 'POST', `/api/timers/${timerId}/stop`, { notes: 'Sleepy at the end' });
    expect(stopped.status).toBe(201);
    // Left 7 + 11.5 = 18.5 minutes, right 8.5: floored to 18 and 8, and the minute left over of the
    // 27 goes to the larger remainder (a tie: left).
    expect(stopped.body).toMatchObject({
      childId,
      startedAt: at(0),
      endedAt: at(27),
      method: 'Nursing',
      amountOz: null,
      sides: { leftMinutes: 19, rightMinutes: 8 },
      notes: 'Sleepy at the end',
      entry: { type: 'Feeding', amount: 'L 19m · R 8m', duration: '27m' },
    });
    expect(await runningTimers(parent, childId)).toEqual([]);
    const feedings = await feedingsOf(parent, childId);
    expect(feedings.map((feeding) => feeding.id)).toEqual([stopped.body.id]);

    const again = await call(parent, 'POST', `/api/timers/${timerId}/stop`, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This timer was already stopped');
    expect(await feedingsOf(parent, childId)).toHaveLength(1);
  });

  it('answers a stop sent again with its Idempotency-Key as the first time, and logs one feeding', async () => {
    const parent = await registerParent(server, 'timers');
    const childId = await addChild(server, parent.token, { birthDate: '2026-10-10' });
    const timerId = (await call(parent, 'POST', '/api/timers', { childId, kind: 'feeding' })).body.id;
    now = START + 12 * MINUTE;
    const headers = { 'idempotency-key': randomUUID() };
    const first = await call(parent, 'POST', `/api/timers/${timerId}/stop`, {}, headers);
    now = START + 13 * MINUTE;
    const second = await call(parent, 'POST', `/api/timers/${timerId}/stop`, {}, headers);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(first.body).toMatchObject({ method: 'Nursing', sides: { leftMinutes: 12, rightMinutes: 0 }, endedAt: at(12) });
    expect(await feedingsOf(parent, childId)).toHaveLength(1);
  });
});

describe('one running timer per kind per child', () => {
  it('refuses a second feeding timer with 409 naming the running one, takes a sleep timer beside it, and a new feeding timer once it stopped', async () => {
    const parent = await registerParent(server, 'timers');
    const childId = await addChild(server, parent.token, { birthDate: '2026-10-10' });
    const first = await call(parent, 'POST', '/api/timers', { childId, kind: 'feeding', method: 'Bottle' });
    expect(first.status).toBe(201);

    const second = await call(parent, 'POST', '/api/timers', { childId, kind: 'feeding', side: 'right' });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ message: 'A feeding timer is already running', code: 'timer.running', runningTimerId: first.body.id });

    const sleep = await call(parent, 'POST', '/api/timers', { childId, kind: 'sleep' });
    expect(sleep.status).toBe(201);
    expect(sleep.body).toMatchObject({ kind: 'sleep', method: null, side: null, sides: [] });
    expect((await runningTimers(parent, childId)).map((timer) => timer.id)).toEqual([first.body.id, sleep.body.id]);

    now = START + 10 * MINUTE;
    expect((await call(parent, 'DELETE', `/api/timers/${first.body.id}`)).status).toBe(200);
    const third = await call(parent, 'POST', '/api/timers', { childId, kind: 'feeding' });
    expect(third.status).toBe(201);
  });

  it('lets two starts sent at once both answer, one with the timer and one with 409', async () => {
    const parent = await registerParent(server, 'timers');
    const childId = await addChild(server, parent.token, { birthDate: '2026-10-10' });
    const answers = await Promise.all([1, 2, 3].map(() => call(parent, 'POST', '/api/timers', { childId, kind: 'sleep' })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    expect(await runningTimers(parent, childId)).toHaveLength(1);
  });
});

describe('stopping a bottle, a sleep and a pumping timer', () => {
  it('asks a bottle for its amount, keeps the timer running when it is missing, and logs the bottle with it', async () => {
    const parent = await registerParent(server, 'timers');
    const childId = await addChild(server, parent.token, { birthDate: '2026-10-10' });
    const timerId = (await call(parent, 'POST', '/api/timers', { childId, kind: 'feeding', method: 'Bottle' })).body.id;
    now = START + 20 * MINUTE;
    const missing = await call(parent, 'POST', `/api/timers/${timerId}/stop`, {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Amount is required for bottle feeding');
    const wrongKind = await call(parent, 'POST', `/api/timers/${timerId}/stop`, { amountOz: 4, leftAmount: 60 });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.message).toBe('leftAmount applies to pumping timers only');
    expect(await runningTimers(parent, childId)).toHaveLength(1);

    const stopped = await call(parent, 'POST', `/api/timers/${timerId}/stop`, { amountMl: 120, type: 'Formula' });
    expect(stopped.status).toBe(201);
    expect(stopped.body).toMatchObject({ method: 'Bottle', type: 'Formula', enteredAmount: { value: 120, unit: 'mL' }, sides: null, startedAt: at(0), endedAt: at(20) });
  });

  it('stops a sleep timer into a sleep, and a pumping timer into a session of its whole minutes with its amounts', async () => {
    const parent = await registerParent(server, 'timers');
    const childId = await addChild(server, parent.token, { birthDate: '2026-10-10' });
    const sleepTimer = (await call(parent, 'POST', '/api/timers', { childId, kind: 'sleep' })).body.id;
    const pumpingTimer = (await call(parent, 'POST', '/api/timers', { childId, kind: 'pumping' })).body.id;
    now = START + 95 * MINUTE;
    const sleep = await call(parent, 'POST', `/api/timers/${sleepTimer}/stop`, {});
    expect(sleep.status).toBe(201);
    expect(sleep.body).toMatchObject({ startedAt: at(0), endedAt: at(95), entry: { type: 'Sleep', duration: '1h 35m' } });
    now = START + 18 * MINUTE + 20_000;
    const pumping = await call(parent, 'POST', `/api/timers/${pumpingTimer}/stop`, { leftAmount: 60, rightAmount: 45, unit: 'mL' });
    expect(pumping.status).toBe(201);
    expect(pumping.body).toMatchObject({ startedAt: at(0), durationMinutes: 18, leftAmount: 60, rightAmount: 45, unit: 'mL' });
  });

  it('refuses a stop under a minute with the rule of feedings, and a stop of a discarded timer', async () => {
    const parent = await registerParent(server, 'timers');
    const childId = await addChild(server, parent.token, { birthDate: '2026-10-10' });
    const timerId = (await call(parent, 'POST', '/api/timers', { childId, kind: 'feeding' })).body.id;
    now = START + 40_000;
    const early = await call(parent, 'POST', `/api/timers/${timerId}/stop`, {});
    expect(early.status).toBe(400);
    expect(early.body.message).toBe('A feeding must last at least 1 minute');
    expect((await call(parent, 'DELETE', `/api/timers/${timerId}`)).status).toBe(200);
    const stop = await call(parent, 'POST', `/api/timers/${timerId}/stop`, {});
    expect(stop.status).toBe(409);
    expect(stop.body.message).toBe('This timer was discarded');
    expect(await runningTimers(parent, childId)).toEqual([]);
    expect(await feedingsOf(parent, childId)).toEqual([]);
  });
});

describe('the maximum', () => {
  it('refuses a stop past the maximum, and the job stops the timer at the maximum with a note', async () => {
    const parent = await registerParent(server, 'timers');
    const childId = await addChild(server, parent.token, { birthDate: '2026-10-10' });
    const nursing = (await call(parent, 'POST', '/api/timers', { childId, kind: 'feeding', side: 'right' })).body.id;
    const sleep = (await call(parent, 'POST', '/api/timers', { childId, kind: 'sleep' })).body.id;
    await settle();

    now = START + 121 * MINUTE;
    const late = await call(parent, 'POST', `/api/timers/${nursing}/stop`, {});
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This timer ran past its 120-minute maximum and is stopped there');
    expect(await feedingsOf(parent, childId)).toEqual([]);

    await server.server.adapters.jobs.enqueue(TIMER_SWEEP_JOB, {});
    await server.server.adapters.jobs.drained();
    const feedings = await feedingsOf(parent, childId);
    expect(feedings).toMatchObject([
      { startedAt: at(0), endedAt: at(120), method: 'Nursing', sides: { leftMinutes: 0, rightMinutes: 120 }, notes: 'Timer stopped automatically at the 120-minute maximum' },
    ]);
    // The sleep timer runs on: its maximum is 1,440 minutes.
    expect((await runningTimers(parent, childId)).map((timer) => timer.id)).toEqual([sleep]);
    const after = await call(parent, 'POST', `/api/timers/${nursing}/stop`, {});
    expect(after.status).toBe(409);
    expect(after.body.message).toBe('This timer was stopped at its 120-minute maximum');
  });

  it('stops a bottle timer at the maximum without logging a bottle, whose amount nobody gave', async () => {
    const parent = await registerParent(server, 'timers');
    const childId = await addChild(server, parent.token, { birthDate: '2026-10-10' });
    const bottle = (await call(parent, 'POST', '/api/timers', { childId, kind: 'feeding', method: 'Bottle' })).body.id;
    await settle();
    now = START + 125 * MINUTE;
    await server.server.adapters.jobs.enqueue(TIMER_SWEEP_JOB, {});
    await server.server.adapters.jobs.drained();
    expect(await runningTimers(parent, childId)).toEqual([]);
    expect(await feedingsOf(parent, childId)).toEqual([]);
    const stop = await call(parent, 'POST', `/api/timers/${bottle}/stop`, { amountOz: 3 });
    expect(stop.status).toBe(409);
    expect(stop.body.message).toBe('This timer was stopped at its 120-minute maximum');
  });
});

describe('refusals', () => {
  it('answers 400 with the message for a bad start, and writes nothing', async () => {
    const parent = await registerParent(server, 'timers');
    const childId = await addChild(server, parent.token, { birthDate: '2026-10-10' });
    const cases: [unknown, string][] = [
      [{ childId, kind: 'diaper' }, 'Kind must be feeding, sleep or pumping'],
      [{ childId, kind: 'sleep', side: 'left' }, 'Side applies to nursing timers only'],
      [{ childId, kind: 'feeding', method: 'Bottle', side: 'left' }, 'Side applies to nursing timers only'],
      [{ childId, kind: 'pumping', method: 'Nursing' }, 'Method applies to feeding timers only'],
      [{ childId, kind: 'feeding', side: 'middle' }, 'Side must be left or right'],
      [{ kind: 'feeding' }, 'childId is required'],
    ];
    for (const [body, message] of cases) {
      const answer = await call(parent, 'POST', '/api/timers', body);
      expect([answer.status, answer.body.message]).toEqual([400, message]);
    }
    expect(await runningTimers(parent, childId)).toEqual([]);
  });

  it("shows nobody else a family's timers: 404 for its child's list and for every write to a timer", async () => {
    const parent = await registerParent(server, 'timers');
    const stranger = await registerParent(server, 'timers');
    const childId = await addChild(server, parent.token, { birthDate: '2026-10-10' });
    const timerId = (await call(parent, 'POST', '/api/timers', { childId, kind: 'feeding' })).body.id;
    now = START + 5 * MINUTE;
    expect((await call(stranger, 'POST', '/api/timers', { childId, kind: 'sleep' })).status).toBe(404);
    expect((await call(stranger, 'GET', `/api/children/${childId}/timers`)).body).toEqual({ message: 'Child not found', code: 'child.notFound' });
    for (const [method, path] of [
      ['POST', `/api/timers/${timerId}/switch-side`],
      ['POST', `/api/timers/${timerId}/stop`],
      ['DELETE', `/api/timers/${timerId}`],
      ['POST', `/api/timers/${randomUUID()}/stop`],
    ] as const) {
      const answer = await call(stranger, method, path, method === 'POST' ? {} : undefined);
      expect([answer.status, answer.body.message]).toEqual([404, 'Timer not found']);
    }
    expect(await runningTimers(parent, childId)).toHaveLength(1);
  });
});

describe('the glance', () => {
  it('tells since when the baby was fed and awake, the last bottle, and the next nap from the wake windows, until a sleep timer starts', async () => {
    const parent = await registerParent(server, 'timers');
    // Three and a half months old on 20 November: the 3-month row, awake 75 to 120 minutes.
    const child = await call(parent, 'POST', '/api/children', { displayName: 'Robin', birthDate: '2026-08-05', sex: 'Female', timezone: 'UTC' });
    const childId = child.body.id;
    await settle();
    const glance = async () => {
      await settle();
      return (await call(parent, 'GET', `/api/children/${childId}/glance`)).body;
    };
    expect(await glance()).toEqual({ lastFeedingEndedAt: null, lastWokeAt: null, asleepSince: null, lastBottle: null, nextNap: null });

    now = Date.parse('2026-11-20T10:00:00Z');
    const log = async (path: string, body: object) => expect((await call(parent, 'POST', path, { childId, ...body })).status).toBe(201);
    await log('/api/feedings', { startedAt: '2026-11-20T07:00:00Z', endedAt: '2026-11-20T07:15:00Z', method: 'Bottle', amountMl: 120, type: 'Formula' });
    await log('/api/sleep', { startedAt: '2026-11-20T07:30:00Z', endedAt: '2026-11-20T08:10:00Z' });
    await log('/api/feedings', { startedAt: '2026-11-20T09:00:00Z', endedAt: '2026-11-20T09:20:00Z', method: 'Nursing' });

    expect(await glance()).toEqual({
      lastFeedingEndedAt: '2026-11-20T09:20:00.000Z',
      lastWokeAt: '2026-11-20T08:10:00.000Z',
      asleepSince: null,
      lastBottle: { amountOz: 4.058, enteredAmount: { value: 120, unit: 'mL' }, type: 'Formula' },
      nextNap: {
        wokeAt: '2026-11-20T08:10:00.000Z',
        from: '2026-11-20T09:25:00.000Z',
        to: '2026-11-20T10:10:00.000Z',
        wakeWindow: { fromMonths: 3, label: '3 months', minMinutes: 75, maxMinutes: 120 },
        label: 'Estimate from age-typical wake windows, not medical advice',
      },
    });

    await log('/api/timers', { kind: 'sleep' });
    expect(await glance()).toMatchObject({ lastWokeAt: '2026-11-20T08:10:00.000Z', asleepSince: '2026-11-20T10:00:00.000Z', nextNap: null });
  });
});

describe('taps that waited with no signal', () => {
  it('count when they were tapped: a start, a switch and a stop sent later log the feeding the parent timed', async () => {
    const parent = await registerParent(server, 'timers');
    const childId = await addChild(server, parent.token, { birthDate: '2026-10-10' });
    now = START + 30 * MINUTE;
    const started = await call(parent, 'POST', '/api/timers', { childId, kind: 'feeding', side: 'left', startedAt: at(5) });
    expect(started.body).toMatchObject({ startedAt: at(5), stopsAt: at(125) });
    const switched = await call(parent, 'POST', `/api/timers/${started.body.id}/switch-side`, { switchedAt: at(12) });
    expect(switched.body.sides).toEqual([
      { side: 'left', startedAt: at(5), endedAt: at(12) },
      { side: 'right', startedAt: at(12), endedAt: null },
    ]);
    const stopped = await call(parent, 'POST', `/api/timers/${started.body.id}/stop`, { endedAt: at(20) });
    expect(stopped.status).toBe(201);
    expect(stopped.body).toMatchObject({ startedAt: at(5), endedAt: at(20), sides: { leftMinutes: 7, rightMinutes: 8 } });
  });

  it('logs a stop tapped within the maximum even when it arrives after it, and reads a tap ahead of the server clock as now', async () => {
    const parent = await registerParent(server, 'timers');
    const childId = await addChild(server, parent.token, { birthDate: '2026-10-10' });
    const sleep = await call(parent, 'POST', '/api/timers', { childId, kind: 'sleep', startedAt: at(3) });
    // The phone's clock runs ahead: the start counts at the server's now.
    expect(sleep.body.startedAt).toBe(at(0));
    const feeding = (await call(parent, 'POST', '/api/timers', { childId, kind: 'feeding' })).body.id;
    now = START + 150 * MINUTE;
    const stopped = await call(parent, 'POST', `/api/timers/${feeding}/stop`, { endedAt: at(100) });
    expect(stopped.status).toBe(201);
    expect(stopped.body).toMatchObject({ startedAt: at(0), endedAt: at(100) });
    const late = await call(parent, 'POST', `/api/timers/${sleep.body.id}/stop`, { endedAt: 'yesterday' });
    expect([late.status, late.body.message]).toEqual([400, 'endedAt must be a date and time such as 2026-03-01T08:30:00Z']);
  });
});
