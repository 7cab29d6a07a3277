import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * The dashboard's daily insights are kept serialised between reads (docs/decisions.md, "Kept
 * answers"): what a parent sees of it. "Now" is noon UTC on Sunday 22 November 2026; the child lives
 * in UTC.
 */
const NOW = new Date('2026-11-22T12:00:00.000Z');
const NOT_FOUND = { message: 'Child not found', code: 'child.notFound' };
const SIGNED_OUT = 'Your session has expired. Please sign in again.';
const PASSWORD = 'Sleepy baby 42';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { clock: () => NOW });
});
afterAll(() => server.close());

interface Person {
  id: string;
  token: string;
  email: string;
}

async function register(): Promise<Person> {
  const email = `kept-${randomUUID().slice(0, 8)}@example.com`;
  const answer = await server.call('POST', '/api/auth/register', { body: { email, password: PASSWORD, referralCode: 'TEST42' } });
  expect(answer.status).toBe(201);
  return { id: answer.body.user.id, token: answer.body.accessToken, email };
}

let position = '0';
async function write(person: Person, method: string, path: string, body?: unknown) {
  const answer = await server.call(method, path, { token: person.token, body });
  expect(answer.status, `${method} ${path} ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  position = answer.headers.get('x-event-position') ?? position;
  return answer.body;
}

const newChild = async (parent: Person): Promise<string> =>
  (await write(parent, 'POST', '/api/children', { displayName: 'Robin', birthDate: '2026-10-01', sex: 'Female', timezone: 'UTC' })).id;

const daily = (person: Person, childId: string, query = '') =>
  server.call('GET', `/api/children/${childId}/insights/daily${query}`, { token: person.token, headers: { 'x-min-position': position } });

async function today(person: Person, childId: string) {
  const answer = await daily(person, childId);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('x-projection-stale')).toBeNull();
  return answer.body.today.feeding as { totalOz24h: number; feedCount: number };
}

describe('kept daily insights', () => {
  it('show each feeding logged, corrected, deleted and restored at the next read, as a fresh server makes them', async () => {
    const parent = await register();
    const childId = await newChild(parent);
    expect(await today(parent, childId)).toMatchObject({ totalOz24h: 0, feedCount: 0 });
    // Asked again with nothing written: the same answer.
    expect((await daily(parent, childId)).body).toEqual((await daily(parent, childId)).body);

    const feeding = await write(parent, 'POST', '/api/feedings', { childId, startedAt: '2026-11-22T08:00:00.000Z', method: 'Bottle', amountOz: 3 });
    expect(await today(parent, childId)).toMatchObject({ totalOz24h: 3, feedCount: 1 });
    await write(parent, 'PUT', `/api/feedings/${feeding.id}`, { childId, startedAt: '2026-11-22T08:00:00.000Z', method: 'Bottle', amountOz: 4.5 });
    expect(await today(parent, childId)).toMatchObject({ totalOz24h: 4.5, feedCount: 1 });
    await write(parent, 'POST', '/api/feedings', { childId, startedAt: '2026-11-22T10:00:00.000Z', method: 'Bottle', amountOz: 2 });
    expect(await today(parent, childId)).toMatchObject({ totalOz24h: 6.5, feedCount: 2 });
    await write(parent, 'DELETE', `/api/feedings/${feeding.id}`);
    expect(await today(parent, childId)).toMatchObject({ totalOz24h: 2, feedCount: 1 });
    await write(parent, 'POST', `/api/feedings/${feeding.id}/restore`);
    expect(await today(parent, childId)).toMatchObject({ totalOz24h: 6.5, feedCount: 2 });

    // Each range is its own answer: three days, then seven again.
    expect((await daily(parent, childId, '?days=3')).body.days.map((day: { date: string }) => day.date)).toEqual(['2026-11-20', '2026-11-21', '2026-11-22']);
    const kept = (await daily(parent, childId)).body;
    expect(kept.days).toHaveLength(7);
    await server.restart();
    expect((await daily(parent, childId)).body).toEqual(kept);
  });

  it('are the same for every member, whatever their units and language, and 404 to a stranger and to a member once removed', async () => {
    const first = await register();
    const second = await register();
    const stranger = await register();
    const childId = await newChild(first);
    const invitation = await write(first, 'POST', `/api/children/${childId}/invitations`, { role: 'parent' });
    await write(second, 'POST', `/api/invitations/${invitation.code}/accept`);
    await write(second, 'PATCH', '/api/me', { units: { volume: 'mL', growth: 'metric' }, locale: 'de' });
    await write(first, 'POST', '/api/feedings', { childId, startedAt: '2026-11-22T09:00:00.000Z', method: 'Bottle', amountOz: 3.5 });

    const firstSees = await daily(first, childId);
    expect(firstSees.body.today.feeding).toMatchObject({ totalOz24h: 3.5, feedCount: 1 });
    expect((await daily(second, childId)).body).toEqual(firstSees.body);
    const strangerSees = await daily(stranger, childId);
    expect([strangerSees.status, strangerSees.body]).toEqual([404, NOT_FOUND]);

    await write(first, 'DELETE', `/api/children/${childId}/members/${second.id}`);
    const removedSees = await daily(second, childId);
    // Refused in their language.
    expect([removedSees.status, removedSees.body]).toEqual([404, { ...NOT_FOUND, message: 'Kind nicht gefunden' }]);
    expect((await daily(first, childId)).body).toEqual(firstSees.body);
  });

  it("are refused at once to a session that signed out, while the family's other session still reads them", async () => {
    const parent = await register();
    const childId = await newChild(parent);
    const tablet = await server.call('POST', '/api/auth/login', { body: { email: parent.email, password: PASSWORD } });
    expect(tablet.status).toBe(200);
    expect((await daily(parent, childId)).status).toBe(200);

    expect((await server.call('POST', '/api/auth/logout', { token: parent.token })).status).toBe(200);
    const refused = await daily(parent, childId);
    expect([refused.status, refused.body.message]).toEqual([401, SIGNED_OUT]);
    expect((await daily({ ...parent, token: tablet.body.accessToken }, childId)).status).toBe(200);
  });
});
