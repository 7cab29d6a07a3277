import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addChild, daysAgo, minutesAgo, registerParent } from './support/family';
import { startTestServer, type TestServer } from './support/test-server';

/** Pumping sessions over HTTP: kept as entered with their unit, on the timeline, never counted as a feeding. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('pumping sessions', () => {
  it('logs a timed session in mL with both sides, reads it back, and counts no feeding', async () => {
    const parent = await registerParent(server, 'pumping');
    const childId = await addChild(server, parent.token, { birthDate: daysAgo(40) });
    const startedAt = minutesAgo(45);
    const logged = await server.call('POST', '/api/pumpings', { token: parent.token, body: { childId, startedAt, durationMinutes: 20, leftAmount: 60, rightAmount: 45, unit: 'mL' } });
    expect(logged.status).toBe(201);
    expect(logged.body).toMatchObject({
      childId,
      startedAt,
      durationMinutes: 20,
      leftAmount: 60,
      rightAmount: 45,
      unit: 'mL',
      notes: '',
      entry: { type: 'Pumping', icon: '🥛', amount: 'L 60 · R 45 mL', duration: '20m' },
    });
    const position = logged.headers.get('x-event-position')!;
    const { position: _position, ...read } = logged.body;
    const list = await server.call('GET', `/api/pumpings?childId=${childId}&date=${startedAt.slice(0, 10)}`, { token: parent.token, headers: { 'x-min-position': position } });
    expect(list.body).toEqual([read]);
    const daily = await server.call('GET', `/api/children/${childId}/insights/daily?days=1&tz=UTC`, { token: parent.token, headers: { 'x-min-position': position } });
    if (startedAt.slice(0, 10) === daily.body.today.date) expect(daily.body.today.feeding).toEqual({ totalOz24h: 0, avgIntervalMins: null, feedCount: 0 });
  });

  it('logs an untimed session with one side in oz, and two sessions may overlap', async () => {
    const parent = await registerParent(server, 'pumping');
    const childId = await addChild(server, parent.token, { birthDate: daysAgo(40) });
    const first = await server.call('POST', '/api/pumpings', { token: parent.token, body: { childId, startedAt: minutesAgo(30), durationMinutes: 25, unit: 'oz', rightAmount: 2.5 } });
    const second = await server.call('POST', '/api/pumpings', { token: parent.token, body: { childId, startedAt: minutesAgo(20), unit: 'oz', leftAmount: 1.75 } });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body).toMatchObject({ durationMinutes: null, leftAmount: 1.75, rightAmount: null, unit: 'oz', entry: { amount: 'L 1.75 oz', duration: '-' } });
  });

  it.each([
    [{ unit: undefined }, 'Unit must be mL or oz'],
    [{ unit: 'cups' }, 'Unit must be mL or oz'],
    [{ startedAt: new Date(Date.now() + 600_000).toISOString() }, 'Cannot select future date and time'],
    [{ durationMinutes: 0 }, 'Duration must be a whole number of minutes from 1 to 120'],
    [{ durationMinutes: 121 }, 'Duration must be a whole number of minutes from 1 to 120'],
    [{ durationMinutes: 12.5 }, 'Duration must be a whole number of minutes from 1 to 120'],
    [{ leftAmount: 601 }, 'Amount must be between 0 and 600 mL'],
    [{ rightAmount: 62 }, 'Amount must be in steps of 5 mL'],
    [{ unit: 'oz', leftAmount: 21 }, 'Amount must be between 0 and 20 oz'],
    [{ unit: 'oz', leftAmount: 2.1 }, 'Amount must be in steps of 0.25 oz'],
    [{ leftAmount: 'lots' }, 'Amount must be a number'],
  ])('refuses %j with "%s" and writes nothing', async (changes, message) => {
    const parent = await registerParent(server, 'pumping');
    const childId = await addChild(server, parent.token, { birthDate: daysAgo(40) });
    const head = await server.server.adapters.eventStore.headPosition();
    const answer = await server.call('POST', '/api/pumpings', { token: parent.token, body: { childId, startedAt: minutesAgo(5), unit: 'mL', ...changes } });
    expect([answer.status, answer.body.message]).toEqual([400, message]);
    expect(await server.server.adapters.eventStore.headPosition()).toBe(head);
  });

  it('keeps every pumping route from a stranger with 404 and nothing written', async () => {
    const parent = await registerParent(server, 'pumping');
    const stranger = await registerParent(server, 'pumping');
    const childId = await addChild(server, parent.token, { birthDate: daysAgo(40) });
    const logged = await server.call('POST', '/api/pumpings', { token: parent.token, body: { childId, startedAt: minutesAgo(5), unit: 'mL' } });
    const id = logged.body.id as string;
    const head = await server.server.adapters.eventStore.headPosition();
    const body = { childId, startedAt: minutesAgo(4), unit: 'mL' };
    for (const [method, path, payload, message] of [
      ['POST', '/api/pumpings', body, 'Child not found'],
      ['PUT', `/api/pumpings/${id}`, body, 'Child not found'],
      ['GET', `/api/pumpings?childId=${childId}`, undefined, 'Child not found'],
      ['GET', `/api/pumpings/${id}`, undefined, 'Pumping session not found'],
      ['DELETE', `/api/pumpings/${id}`, undefined, 'Pumping session not found'],
    ] as const) {
      const answer = await server.call(method, path, { token: stranger.token, body: payload });
      expect([method, path, answer.status, answer.body.message]).toEqual([method, path, 404, message]);
    }
    expect(await server.server.adapters.eventStore.headPosition()).toBe(head);
    expect((await server.call('DELETE', `/api/pumpings/${id}`, { token: parent.token })).status).toBe(200);
  });
});
