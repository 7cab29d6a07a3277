import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * When an entry can be: never before the child's birth date (its first minute in the child's zone),
 * for every kind, a correction and a timer alike; and a year far back is written as itself. The
 * clock is fixed, so the child's birth date is a known day.
 */
const BEFORE_BIRTH = 'Cannot select a date and time before the birth date';
const NOW = Date.parse('2026-11-20T15:00:00.000Z');
let server: TestServer;
let token: string;
let childId: string;

beforeAll(async () => {
  server = await startTestServer({}, { clock: () => new Date(NOW) });
  const signUp = await server.call('POST', '/api/auth/register', { body: { email: `dates-${randomUUID()}@example.com`, password: 'Sleepy baby 42', referralCode: 'TEST42' } });
  token = signUp.body.accessToken;
  // Born on 5 November in New York: that day starts at 05:00 UTC (EST, UTC-5).
  const child = await server.call('POST', '/api/children', { token, body: { displayName: 'Ottilie', birthDate: '2026-11-05', sex: 'Female', timezone: 'America/New_York' } });
  expect(child.status).toBe(201);
  childId = child.body.id;
});
afterAll(() => server.close());

const refusal = (path: string) => ({ message: BEFORE_BIRTH, code: 'entry.beforeBirth', issues: [{ path, message: BEFORE_BIRTH, code: 'entry.beforeBirth' }] });

/** A body of each kind starting at `at`. */
const bodies = (at: string) =>
  ({
    '/api/feedings': { childId, startedAt: at, method: 'Bottle', amountOz: 3, type: 'Formula' },
    '/api/sleep': { childId, startedAt: at, endedAt: new Date(Date.parse(at) + 30 * 60_000).toISOString() },
    '/api/diapers': { childId, occurredAt: at, contents: 'wet' },
    '/api/pumpings': { childId, startedAt: at, durationMinutes: 10, leftAmount: 40, unit: 'mL' },
  }) as const;
const startField = (path: string) => (path === '/api/diapers' ? 'occurredAt' : 'startedAt');

describe('an entry before the birth date', () => {
  it('is refused for every kind, from year 1 to the last minute of the day before, and nothing is written', async () => {
    const head = await server.server.adapters.eventStore.headPosition();
    for (const at of ['0001-01-01T10:00:00Z', '0099-06-01T10:00:00Z', '1899-12-31T12:00:00Z', '2026-10-20T12:00:00Z', '2026-11-05T04:59:00Z']) {
      for (const [path, body] of Object.entries(bodies(at))) {
        const answer = await server.call('POST', path, { token, body });
        expect([answer.status, answer.body], `${path} at ${at}`).toEqual([400, refusal(startField(path))]);
      }
    }
    expect(await server.server.adapters.eventStore.headPosition()).toBe(head);
  });

  it('is taken from the first minute of the birth date in the child\'s zone', async () => {
    const firstMinutes = ['2026-11-05T05:00:00.000Z', '2026-11-05T06:00:00.000Z', '2026-11-05T07:00:00.000Z', '2026-11-05T08:00:00.000Z'];
    for (const [index, [path, body]] of firstMinutes.map((at, index) => Object.entries(bodies(at))[index]!).entries()) {
      const answer = await server.call('POST', path, { token, body });
      expect(answer.status, path).toBe(201);
      expect(answer.body.entry.datetime, path).toBe(`2026-11-05T0${index}:00`);
    }
  });

  it('is refused as a correction too, and the entry keeps its time', async () => {
    const logged = await server.call('POST', '/api/feedings', { token, body: bodies('2026-11-10T12:00:00Z')['/api/feedings'] });
    const moved = await server.call('PUT', `/api/feedings/${logged.body.id}`, { token, body: bodies('2026-11-04T12:00:00Z')['/api/feedings'] });
    expect([moved.status, moved.body]).toEqual([400, refusal('startedAt')]);
    const read = await server.call('GET', `/api/feedings/${logged.body.id}`, { token, headers: { 'x-min-position': String(logged.body.position) } });
    expect(read.body.startedAt).toBe('2026-11-10T12:00:00.000Z');
  });

  it('follows a corrected birth date at once: refused before it, taken once the date is moved earlier, refused again once it is moved back', async () => {
    const other = await server.call('POST', '/api/children', { token, body: { displayName: 'Wilhelmina', birthDate: '2026-11-10', sex: 'Female', timezone: 'UTC' } });
    const diaper = (at: string) => server.call('POST', '/api/diapers', { token, body: { childId: other.body.id, occurredAt: at, contents: 'wet' } });
    const profile = (birthDate: string) => ({ displayName: 'Wilhelmina', birthDate, sex: 'Female', nightWindowStart: '19:00', nightWindowEnd: '07:00', timezone: 'UTC' });
    expect((await diaper('2026-11-08T12:00:00Z')).body).toEqual(refusal('occurredAt'));
    expect((await server.call('PUT', `/api/settings/children/${other.body.id}`, { token, body: profile('2026-11-07') })).status).toBe(200);
    expect((await diaper('2026-11-08T12:00:00Z')).status).toBe(201);
    expect((await server.call('PUT', `/api/settings/children/${other.body.id}`, { token, body: profile('2026-11-09') })).status).toBe(200);
    expect((await diaper('2026-11-08T13:00:00Z')).body).toEqual(refusal('occurredAt'));
  });

  it('is refused for a timer started then, which starts nothing', async () => {
    const early = await server.call('POST', '/api/timers', { token, body: { childId, kind: 'sleep', startedAt: '1899-12-31T12:00:00Z' } });
    expect([early.status, early.body]).toEqual([400, refusal('startedAt')]);
    const started = await server.call('POST', '/api/timers', { token, body: { childId, kind: 'sleep' } });
    expect(started.status).toBe(201);
    expect(started.body.startedAt).toBe(new Date(NOW).toISOString());
  });
});

describe('a year far back', () => {
  it('is written as itself in every answer, not 1900 years later', async () => {
    // A server whose clock is in the year 50: a child born then has entries in years below 100.
    const ancient = await startTestServer({}, { clock: () => new Date('0050-03-01T15:00:00.000Z') });
    try {
      const signUp = await ancient.call('POST', '/api/auth/register', { body: { email: `ancient-${randomUUID()}@example.com`, password: 'Sleepy baby 42', referralCode: 'TEST42' } });
      expect(signUp.status).toBe(201);
      const own = signUp.body.accessToken as string;
      const child = await ancient.call('POST', '/api/children', { token: own, body: { displayName: 'Livia', birthDate: '0050-02-20', sex: 'Female', timezone: 'UTC' } });
      expect([child.status, child.body.birthDate]).toEqual([201, '0050-02-20']);
      const feeding = await ancient.call('POST', '/api/feedings', { token: own, body: { childId: child.body.id, startedAt: '0050-03-01T10:00:00Z', method: 'Bottle', amountOz: 3, type: 'Formula' } });
      expect([feeding.status, feeding.body.startedAt, feeding.body.entry.datetime]).toEqual([201, '0050-03-01T10:00:00.000Z', '0050-03-01T10:00']);
      const seen = { 'x-min-position': String(feeding.body.position) };
      const day = await ancient.call('GET', `/api/feedings?childId=${child.body.id}&date=0050-03-01`, { token: own, headers: seen });
      expect(day.body.map((feeding: { entry: { datetime: string } }) => feeding.entry.datetime)).toEqual(['0050-03-01T10:00']);
      const daily = await ancient.call('GET', `/api/children/${child.body.id}/insights/daily?days=1`, { token: own, headers: seen });
      expect([daily.body.today.date, daily.body.today.feeding.feedCount]).toEqual(['0050-03-01', 1]);
    } finally {
      await ancient.close();
    }
  });
});
