import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let parent: string;
let stranger: string;

beforeAll(async () => {
  server = await startTestServer();
  parent = await server.server.adapters.tokens.issueAccessToken(uuidv7());
  stranger = await server.server.adapters.tokens.issueAccessToken(uuidv7());
});
afterAll(() => server.close());

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

async function addChild(token = parent, body: Record<string, unknown> = { displayName: 'JB', birthDate: '2026-10-01', sex: 'Other', timezone: 'America/New_York' }) {
  const created = await server.call('POST', '/api/children', { token, body });
  expect(created.status).toBe(201);
  return created;
}

describe('children', () => {
  it('reads a new child back at once with X-Min-Position, name and birth date opened for the owner', async () => {
    const created = await addChild();
    expect(created.body).toMatchObject({ displayName: 'JB', birthDate: '2026-10-01', sex: 'Unknown', nightWindowStart: '19:00', nightWindowEnd: '08:00', timezone: 'America/New_York' });
    const position = created.headers.get('x-event-position');
    expect(Number(position)).toBeGreaterThan(0);
    expect(created.body.position).toBe(Number(position));

    const read = await server.call('GET', `/api/children/${created.body.id}`, { token: parent, headers: { 'x-min-position': position! } });
    expect(read.status).toBe(200);
    expect(read.headers.get('x-projection-stale')).toBeNull();
    expect(read.body).toEqual({ id: created.body.id, displayName: 'JB', birthDate: '2026-10-01', sex: 'Unknown', nightWindowStart: '19:00', nightWindowEnd: '08:00', timezone: 'America/New_York' });
  });

  it.each([
    [{ sex: 'Female' }, 'Birth date is required'],
    [{ birthDate: '2026-10-01' }, 'Please select a sex'],
    [{ birthDate: '2999-01-01', sex: 'Male' }, 'Birth date cannot be in the future'],
    [{ birthDate: '1990-01-01', sex: 'Male' }, 'Birth date seems too far in the past'],
    [{ birthDate: '2026-10-01', sex: 'Male', displayName: 'x'.repeat(51) }, 'Display name must be 50 characters or less'],
    [{ birthDate: '2026-10-01', sex: 'Male', timezone: 'Mars/Olympus' }, 'Timezone must be an IANA time zone name'],
  ])('refuses %j with "%s" and writes nothing', async (body, message) => {
    const head = await server.server.adapters.eventStore.headPosition();
    const answer = await server.call('POST', '/api/children', { token: parent, body });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
    expect(await server.server.adapters.eventStore.headPosition()).toBe(head);
  });

  it('hides a child from anyone but its owner', async () => {
    const { body: child } = await addChild();
    for (const [method, path, body] of [
      ['GET', `/api/children/${child.id}`, undefined],
      ['GET', `/api/settings/children/${child.id}`, undefined],
      ['PUT', `/api/settings/children/${child.id}`, { displayName: 'X', birthDate: '2026-10-01', sex: 'Male', nightWindowStart: '19:00', nightWindowEnd: '08:00', timezone: 'UTC' }],
      ['DELETE', `/api/settings/children/${child.id}`, { confirmText: 'DELETE' }],
      ['GET', `/api/feedings?childId=${child.id}`, undefined],
      ['POST', '/api/feedings', { childId: child.id, startedAt: minutesAgo(30), method: 'Nursing' }],
    ] as const) {
      const answer = await server.call(method, path, { token: stranger, body });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body.message).toBe('Child not found');
    }
    const list = await server.call('GET', '/api/children', { token: stranger });
    expect(list.body).toEqual([]);
  });

  it('needs a bearer token', async () => {
    expect((await server.call('GET', '/api/children')).status).toBe(401);
    expect((await server.call('GET', '/api/children', { token: 'not-a-token' })).status).toBe(401);
  });
});

describe('feedings and sleep', () => {
  it('logs a bottle feeding and a nap and lists them for the day with their timeline entries', async () => {
    const { body: child } = await addChild(parent, { displayName: 'Mo', birthDate: '2026-09-01', sex: 'Male', timezone: 'UTC' });
    const feeding = await server.call('POST', '/api/feedings', {
      token: parent,
      body: { childId: child.id, startedAt: '2026-11-20T10:00:00.000Z', endedAt: '2026-11-20T10:20:00.000Z', amountOz: 4.25, method: 'Bottle', type: 'Formula', notes: '' },
    });
    expect(feeding.status).toBe(201);
    expect(feeding.body.entry).toEqual({ id: feeding.body.id, datetime: '2026-11-20T10:00', type: 'Feeding', icon: '🍼', amount: '4.25 oz', duration: '20m', notes: 'Bottle feeding', status: 'completed' });
    const sleep = await server.call('POST', '/api/sleep', {
      token: parent,
      body: { childId: child.id, startedAt: '2026-11-20T11:00:00.000Z', endedAt: '2026-11-20T12:35:00.000Z', environment: { roomTemp: 68, whiteNoise: true, sleepSackTag: '1.0 TOG' } },
    });
    expect(sleep.status).toBe(201);
    const position = sleep.headers.get('x-event-position')!;

    const feedings = await server.call('GET', `/api/feedings?childId=${child.id}&date=2026-11-20`, { token: parent, headers: { 'x-min-position': position } });
    expect(feedings.body).toHaveLength(1);
    expect(feedings.body[0]).toMatchObject({ amountOz: 4.25, method: 'Bottle', type: 'Formula', notes: 'Bottle feeding' });
    const sleeps = await server.call('GET', `/api/sleep?childId=${child.id}&date=2026-11-20`, { token: parent, headers: { 'x-min-position': position } });
    expect(sleeps.body[0]).toMatchObject({ notes: 'Sleep session', environment: { roomTemp: 68, whiteNoise: true, sleepSackTag: '1.0 TOG' } });
    expect(sleeps.body[0].entry.duration).toBe('1h 35m');
    expect((await server.call('GET', `/api/sleep?childId=${child.id}&date=2026-11-19`, { token: parent })).body).toEqual([]);
  });

  it.each([
    [{ method: 'Bottle', startedAt: minutesAgo(30) }, 'Amount is required for bottle feeding'],
    [{ method: 'Bottle', amountOz: 4, startedAt: new Date(Date.now() + 3_600_000).toISOString() }, 'Cannot select future date and time'],
    [{ method: 'Bottle', amountOz: 20.25, startedAt: minutesAgo(30) }, 'Amount must be between 0 and 20 oz'],
    [{ method: 'Bottle', amountOz: 3.1, startedAt: minutesAgo(30) }, 'Amount must be in steps of 0.25 oz'],
    [{ method: 'Nursing', type: 'Formula', startedAt: minutesAgo(30) }, 'Feeding type applies to bottle feeding only'],
    [{ method: 'Nursing', startedAt: minutesAgo(300), endedAt: minutesAgo(179) }, 'A feeding can last at most 120 minutes'],
    [{ method: 'Spoon', startedAt: minutesAgo(30) }, 'Method must be Bottle or Nursing'],
    [{ method: 'Nursing' }, 'Date and time is required'],
  ])('refuses the feeding %j with "%s"', async (body, message) => {
    const { body: child } = await addChild();
    const head = await server.server.adapters.eventStore.headPosition();
    const answer = await server.call('POST', '/api/feedings', { token: parent, body: { childId: child.id, ...body } });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
    expect(await server.server.adapters.eventStore.headPosition()).toBe(head);
  });

  it('refuses an overlapping feeding with 409 and a double tap with the same Idempotency-Key creates one', async () => {
    const { body: child } = await addChild();
    const body = { childId: child.id, startedAt: minutesAgo(60), method: 'Nursing' };
    const headers = { 'idempotency-key': 'tap-1' };
    const first = await server.call('POST', '/api/feedings', { token: parent, body, headers });
    const again = await server.call('POST', '/api/feedings', { token: parent, body, headers: { ...headers, 'x-min-position': first.headers.get('x-event-position')! } });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.position).toBe(first.body.position);

    const overlap = await server.call('POST', '/api/feedings', { token: parent, body: { ...body, startedAt: minutesAgo(55) }, headers: { 'x-min-position': String(first.body.position) } });
    expect(overlap.status).toBe(409);
    expect(overlap.body.message).toBe('This overlaps a feeding already logged for this child');
    const list = await server.call('GET', `/api/feedings?childId=${child.id}`, { token: parent });
    expect(list.body).toHaveLength(1);
  });

  it('corrects and deletes a feeding', async () => {
    const { body: child } = await addChild();
    const created = await server.call('POST', '/api/feedings', { token: parent, body: { childId: child.id, startedAt: minutesAgo(200), method: 'Bottle', amountOz: 3, type: 'Breast Milk' } });
    const corrected = await server.call('PUT', `/api/feedings/${created.body.id}`, { token: parent, body: { childId: child.id, startedAt: created.body.startedAt, method: 'Bottle', amountOz: 3.5, type: 'Breast Milk', notes: 'Fussy' } });
    expect(corrected.status).toBe(200);
    const read = await server.call('GET', `/api/feedings/${created.body.id}`, { token: parent, headers: { 'x-min-position': String(corrected.body.position) } });
    expect(read.body).toMatchObject({ amountOz: 3.5, notes: 'Fussy' });
    expect((await server.call('GET', `/api/feedings/${created.body.id}`, { token: stranger })).status).toBe(404);
    expect((await server.call('DELETE', `/api/feedings/${created.body.id}`, { token: stranger })).status).toBe(404);
    const deleted = await server.call('DELETE', `/api/feedings/${created.body.id}`, { token: parent });
    expect(deleted.status).toBe(200);
    const after = await server.call('GET', `/api/feedings/${created.body.id}`, { token: parent, headers: { 'x-min-position': String(deleted.body.position) } });
    expect(after.status).toBe(404);
  });
});

describe('restart', () => {
  it('rebuilds the read models from the event log after a restart', async () => {
    const { body: child } = await addChild(parent, { displayName: 'Kept', birthDate: '2026-08-15', sex: 'Female', timezone: 'UTC' });
    await server.restart();
    const read = await server.call('GET', `/api/children/${child.id}`, { token: parent });
    expect(read.status).toBe(200);
    expect(read.body.displayName).toBe('Kept');
    const ready = await server.call('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ready');
  });
});
