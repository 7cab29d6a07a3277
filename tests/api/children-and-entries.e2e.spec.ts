import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sleepStreamId } from '@nightlight/domain/shared/stream-ids';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let parentId: string;
let parent: string;
let stranger: string;

beforeAll(async () => {
  server = await startTestServer();
  parentId = uuidv7();
  parent = await server.server.adapters.tokens.issueAccessToken(parentId);
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
    expect(read.body).toEqual({ id: created.body.id, displayName: 'JB', birthDate: '2026-10-01', sex: 'Unknown', nightWindowStart: '19:00', nightWindowEnd: '08:00', timezone: 'America/New_York', researchConsent: null, role: 'parent' });
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

  const profile = { displayName: 'JB', birthDate: '2026-10-01', sex: 'Female', nightWindowStart: '19:00', nightWindowEnd: '08:00', timezone: 'America/New_York' };

  it.each([
    [{ displayName: '' }, 'Display name is required'],
    [{ displayName: '   ' }, 'Display name is required'],
    [{ displayName: undefined }, 'Display name is required'],
    [{ displayName: 'x'.repeat(51) }, 'Display name must be 50 characters or less'],
    [{ birthDate: undefined }, 'Birth date is required'],
    [{ birthDate: '2999-01-01' }, 'Birth date cannot be in the future'],
    [{ birthDate: '2026-02-30' }, 'Birth date must be a date (YYYY-MM-DD)'],
    [{ sex: 'Robot' }, 'Please select a sex'],
    [{ nightWindowStart: undefined }, 'Night sleep start is required'],
    [{ nightWindowStart: '7pm' }, 'Night sleep start must be a time (HH:MM)'],
    [{ nightWindowStart: '19:60' }, 'Night sleep start must be a time (HH:MM)'],
    [{ nightWindowEnd: undefined }, 'Night sleep end is required'],
    [{ nightWindowEnd: '24:00' }, 'Night sleep end must be a time (HH:MM)'],
    [{ nightWindowEnd: '8:00' }, 'Night sleep end must be a time (HH:MM)'],
    [{ timezone: undefined }, 'Timezone is required'],
    [{ timezone: '' }, 'Timezone is required'],
    [{ timezone: 'Mars/Olympus' }, 'Timezone must be an IANA time zone name'],
    [{ timezone: 'EST' }, 'Timezone must be an IANA time zone name'],
  ])('refuses the profile update %j with "%s" and writes nothing', async (changes, message) => {
    const { body: child } = await addChild();
    const head = await server.server.adapters.eventStore.headPosition();
    const answer = await server.call('PUT', `/api/settings/children/${child.id}`, { token: parent, body: { ...profile, ...changes } });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
    expect(await server.server.adapters.eventStore.headPosition()).toBe(head);
  });

  it('records a time zone by its canonical name, however it was typed', async () => {
    const created = await addChild(parent, { birthDate: '2026-10-01', sex: 'Male', timezone: 'US/Eastern' });
    expect(created.body.timezone).toBe('America/New_York');
    const updated = await server.call('PUT', `/api/settings/children/${created.body.id}`, { token: parent, body: { ...profile, timezone: 'america/los_angeles' } });
    expect(updated.status).toBe(200);
    expect(updated.body.timezone).toBe('America/Los_Angeles');
    const read = await server.call('GET', `/api/settings/children/${created.body.id}`, { token: parent, headers: { 'x-min-position': String(updated.body.position) } });
    expect(read.body.timezone).toBe('America/Los_Angeles');
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
    // Logged by a parent who set no display name: the family sees the role.
    const loggedBy = { memberId: parentId, displayName: 'Member 1' };
    expect(feeding.body.entry).toEqual({ id: feeding.body.id, datetime: '2026-11-20T10:00', type: 'Feeding', icon: '🍼', amount: '4.25 oz', duration: '20m', notes: 'Bottle feeding', status: 'completed', loggedBy });
    expect(feeding.body.loggedBy).toEqual(loggedBy);
    const sleep = await server.call('POST', '/api/sleep', {
      token: parent,
      body: { childId: child.id, startedAt: '2026-11-20T11:00:00.000Z', endedAt: '2026-11-20T12:35:00.000Z', environment: { roomTemp: 68, whiteNoise: true, sleepSackTag: '1.0 TOG' } },
    });
    expect(sleep.status).toBe(201);
    const position = sleep.headers.get('x-event-position')!;

    const feedings = await server.call('GET', `/api/feedings?childId=${child.id}&date=2026-11-20`, { token: parent, headers: { 'x-min-position': position } });
    expect(feedings.body).toHaveLength(1);
    expect(feedings.body[0]).toMatchObject({ amountOz: 4.25, method: 'Bottle', type: 'Formula', notes: 'Bottle feeding', loggedBy });
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
    [{ method: 'Bottle', amountOz: 4, type: 'Juice', startedAt: minutesAgo(30) }, 'Feeding type must be Breast Milk or Formula'],
    [{ method: 'Nursing', startedAt: '2026-11-10T14:00:00.000Z', endedAt: '2026-11-10T14:00:00.000Z' }, 'End time must be after the start time'],
    [{ method: 'Nursing', startedAt: '2026-11-10T14:00:00.000Z', endedAt: '2026-11-10T13:45:00.000Z' }, 'End time must be after the start time'],
    [{ method: 'Nursing', startedAt: '2026-11-10T14:00:00.000Z', endedAt: '2026-11-10T14:00:30.000Z' }, 'A feeding must last at least 1 minute'],
    [{ method: 'Nursing', startedAt: '2026-02-30T10:00:00Z' }, 'Date and time is not a real date and time'],
    [{ method: 'Nursing', startedAt: '2026-11-10T24:00:00Z' }, 'Date and time is not a real date and time'],
    [{ method: 'Nursing', startedAt: '2026-11-10T10:00:00+25:00' }, 'Date and time is not a real date and time'],
    [{ method: 'Nursing', startedAt: '2026-11-10T10:00:00' }, 'Date and time must end with Z or a UTC offset, such as 2026-03-01T08:30:00-05:00'],
    [{ method: 'Nursing', startedAt: '2026-11-10T10:00' }, 'Date and time must end with Z or a UTC offset, such as 2026-03-01T08:30:00-05:00'],
    [{ method: 'Nursing', startedAt: '10/11/2026 10:00' }, 'Date and time must be a date and time such as 2026-03-01T08:30:00Z'],
    [{ method: 'Nursing', startedAt: '2026-11-10' }, 'Date and time must be a date and time such as 2026-03-01T08:30:00Z'],
    [{ method: 'Nursing', startedAt: '2026-11-10T10:00:00Z', endedAt: '2026-11-31T10:10:00Z' }, 'endedAt is not a real date and time'],
  ])('refuses the feeding %j with "%s"', async (body, message) => {
    const { body: child } = await addChild();
    const head = await server.server.adapters.eventStore.headPosition();
    const answer = await server.call('POST', '/api/feedings', { token: parent, body: { childId: child.id, ...body } });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
    expect(await server.server.adapters.eventStore.headPosition()).toBe(head);
  });

  it('reads an offset as the instant it names', async () => {
    const { body: child } = await addChild();
    const answer = await server.call('POST', '/api/feedings', { token: parent, body: { childId: child.id, startedAt: '2026-11-10T09:00:00-05:00', endedAt: '2026-11-10T09:20:00.5-05:00', method: 'Nursing' } });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ startedAt: '2026-11-10T14:00:00.000Z', endedAt: '2026-11-10T14:20:00.500Z', entry: { datetime: '2026-11-10T09:00', duration: '20m' } });
  });

  it('answers a childId that is not an id as it answers an unknown one, 404, and a missing one with 400', async () => {
    for (const path of ['/api/feedings', '/api/sleep']) {
      const head = await server.server.adapters.eventStore.headPosition();
      const malformed = await server.call('POST', path, { token: parent, body: { childId: 'not-a-child', startedAt: minutesAgo(90), endedAt: minutesAgo(60), method: 'Nursing' } });
      expect({ status: malformed.status, message: malformed.body.message }).toEqual({ status: 404, message: 'Child not found' });
      const missing = await server.call('POST', path, { token: parent, body: { startedAt: minutesAgo(90), endedAt: minutesAgo(60), method: 'Nursing' } });
      expect({ status: missing.status, message: missing.body.message }).toEqual({ status: 400, message: 'childId is required' });
      expect(await server.server.adapters.eventStore.headPosition()).toBe(head);
    }
  });

  const S = '2026-11-10T14:00:00.000Z';
  const after = (minutes: number) => new Date(Date.parse(S) + minutes * 60_000).toISOString();

  it.each([
    [{ startedAt: S }, 'Duration is required'],
    [{ startedAt: S, endedAt: '' }, 'Duration is required'],
    [{ startedAt: S, endedAt: S }, 'Duration must be at least 1 minute'],
    [{ startedAt: S, endedAt: after(0.5) }, 'Duration must be at least 1 minute'],
    [{ startedAt: S, endedAt: after(-30) }, 'Duration must be at least 1 minute'],
    [{ startedAt: S, endedAt: after(1441) }, 'Duration can be at most 1440 minutes'],
    [{ startedAt: S, endedAt: after(60), environment: { roomTemp: 59 } }, 'Room temperature must be a whole number from 60 to 80 °F'],
    [{ startedAt: S, endedAt: after(60), environment: { roomTemp: 81 } }, 'Room temperature must be a whole number from 60 to 80 °F'],
    [{ startedAt: S, endedAt: after(60), environment: { roomTemp: 68.5 } }, 'Room temperature must be a whole number from 60 to 80 °F'],
    [{ startedAt: S, endedAt: after(60), environment: { roomTemp: '68' } }, 'Room temperature must be a number'],
    [{ startedAt: S, endedAt: after(60), environment: { whiteNoise: 'yes' } }, 'White noise must be true or false'],
    [{ startedAt: S, endedAt: after(60), environment: { sleepSackTag: 'x'.repeat(41) } }, 'Sleep sack must be 40 characters or less'],
    [{ startedAt: new Date(Date.now() + 3_600_000).toISOString(), endedAt: new Date(Date.now() + 7_200_000).toISOString() }, 'Cannot select future date and time'],
    [{ endedAt: after(60) }, 'Date and time is required'],
    [{ startedAt: '2026-11-10T14:00:00', endedAt: after(60) }, 'Date and time must end with Z or a UTC offset, such as 2026-03-01T08:30:00-05:00'],
    [{ startedAt: S, endedAt: '2026-11-31T01:00:00Z' }, 'endedAt is not a real date and time'],
  ])('refuses the sleep %j with "%s" and writes nothing', async (body, message) => {
    const { body: child } = await addChild();
    const head = await server.server.adapters.eventStore.headPosition();
    const answer = await server.call('POST', '/api/sleep', { token: parent, body: { childId: child.id, ...body } });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
    expect(await server.server.adapters.eventStore.headPosition()).toBe(head);
  });

  it.each([
    [{ endedAt: after(1) }, '1m'],
    [{ endedAt: after(1440) }, '24h 0m'],
    [{ endedAt: after(90), environment: { roomTemp: 60 } }, '1h 30m'],
    [{ endedAt: after(90), environment: { roomTemp: 80, whiteNoise: true, sleepSackTag: 'x'.repeat(40) } }, '1h 30m'],
  ])('takes the sleep at the edges of the rules %j, lasting %s', async (body, duration) => {
    const { body: child } = await addChild();
    const answer = await server.call('POST', '/api/sleep', { token: parent, body: { childId: child.id, startedAt: S, ...body } });
    expect(answer.status).toBe(201);
    expect(answer.body.entry.duration).toBe(duration);
  });

  it('refuses an overlapping sleep with 409', async () => {
    const { body: child } = await addChild();
    const first = await server.call('POST', '/api/sleep', { token: parent, body: { childId: child.id, startedAt: S, endedAt: after(120) } });
    const head = await server.server.adapters.eventStore.headPosition();
    const overlap = await server.call('POST', '/api/sleep', {
      token: parent,
      body: { childId: child.id, startedAt: after(119), endedAt: after(180) },
      headers: { 'x-min-position': String(first.body.position) },
    });
    expect(overlap.status).toBe(409);
    expect(overlap.body).toEqual({ message: 'This overlaps a sleep session already logged for this child', code: 'entry.overlap' });
    expect(await server.server.adapters.eventStore.headPosition()).toBe(head);
    // Touching is not overlapping, and a feeding may happen during a sleep.
    const next = await server.call('POST', '/api/sleep', { token: parent, body: { childId: child.id, startedAt: after(120), endedAt: after(180) } });
    expect(next.status).toBe(201);
    const feed = await server.call('POST', '/api/feedings', { token: parent, body: { childId: child.id, startedAt: after(30), method: 'Nursing' } });
    expect(feed.status).toBe(201);
  });

  it.each([
    ['/api/feedings', 'This overlaps a feeding already logged for this child', (startedAt: string, endedAt: string) => ({ startedAt, endedAt, method: 'Nursing' })],
    ['/api/sleep', 'This overlaps a sleep session already logged for this child', (startedAt: string, endedAt: string) => ({ startedAt, endedAt })],
  ])('refuses a correction on %s that overlaps another entry with 409, and corrects an entry within its own time', async (path, message, entry) => {
    const { body: child } = await addChild();
    const first = await server.call('POST', path, { token: parent, body: { childId: child.id, ...entry(S, after(30)) } });
    const second = await server.call('POST', path, { token: parent, body: { childId: child.id, ...entry(after(60), after(90)) } });
    const seen = { 'x-min-position': String(second.body.position) };
    const head = await server.server.adapters.eventStore.headPosition();
    const moved = await server.call('PUT', `${path}/${second.body.id}`, { token: parent, body: { childId: child.id, ...entry(after(20), after(50)) }, headers: seen });
    expect(moved.status).toBe(409);
    expect(moved.body).toEqual({ message, code: 'entry.overlap' });
    expect(await server.server.adapters.eventStore.headPosition()).toBe(head);
    const longer = await server.call('PUT', `${path}/${first.body.id}`, { token: parent, body: { childId: child.id, ...entry(S, after(40)) }, headers: seen });
    expect(longer.status).toBe(200);
    expect(longer.body.endedAt).toBe(after(40));
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

describe('listing entries', () => {
  // New York is on EST (UTC-5) in November; 21:30 on the 12th is 02:30 UTC on the 13th.
  const localTimes = [
    ['2026-11-10', '09:00'],
    ['2026-11-11', '09:00'],
    ['2026-11-12', '09:00'],
    ['2026-11-12', '15:00'],
    ['2026-11-12', '21:30'],
    ['2026-11-13', '09:00'],
  ] as const;
  const ny = (date: string, time: string) => new Date(`${date}T${time}:00-05:00`).toISOString();

  async function logged(path: string) {
    const { body: child } = await addChild();
    let position = 0;
    for (const [date, time] of localTimes) {
      const startedAt = ny(date, time);
      const body = { childId: child.id, startedAt, endedAt: new Date(Date.parse(startedAt) + 20 * 60_000).toISOString(), method: 'Nursing' };
      const answer = await server.call('POST', path, { token: parent, body });
      expect(answer.status).toBe(201);
      position = answer.body.position;
    }
    const list = async (query: string) => {
      const answer = await server.call('GET', `${path}?childId=${child.id}&${query}`, { token: parent, headers: { 'x-min-position': String(position) } });
      return { status: answer.status, body: answer.body };
    };
    const datetimes = async (query: string) => {
      const answer = await list(query);
      expect(answer.status).toBe(200);
      return answer.body.map((entry: { entry: { datetime: string } }) => entry.entry.datetime);
    };
    return { list, datetimes };
  }

  it.each(['/api/feedings', '/api/sleep'])('%s filters by local date in the child\'s zone, oldest first, and limits to the newest', async (path) => {
    const { datetimes } = await logged(path);
    expect(await datetimes('startDate=2026-11-11&endDate=2026-11-12')).toEqual(['2026-11-11T09:00', '2026-11-12T09:00', '2026-11-12T15:00', '2026-11-12T21:30']);
    expect(await datetimes('date=2026-11-12')).toEqual(['2026-11-12T09:00', '2026-11-12T15:00', '2026-11-12T21:30']);
    expect(await datetimes('startDate=2026-11-12')).toEqual(['2026-11-12T09:00', '2026-11-12T15:00', '2026-11-12T21:30', '2026-11-13T09:00']);
    expect(await datetimes('endDate=2026-11-10')).toEqual(['2026-11-10T09:00']);
    expect(await datetimes('limit=2')).toEqual(['2026-11-13T09:00', '2026-11-12T21:30']);
    expect(await datetimes('startDate=2026-11-10&endDate=2026-11-12&limit=3')).toEqual(['2026-11-12T21:30', '2026-11-12T15:00', '2026-11-12T09:00']);
    expect(await datetimes('startDate=2026-11-14&endDate=2026-11-20')).toEqual([]);
  });

  it.each([
    ['startDate=2026-11-13&endDate=2026-11-12', 'startDate must not be after endDate'],
    ['startDate=11/12/2026', 'startDate must be a date (YYYY-MM-DD)'],
    ['endDate=2026-13-01', 'endDate must be a date (YYYY-MM-DD)'],
    ['date=yesterday', 'date must be a date (YYYY-MM-DD)'],
    ['limit=0', 'limit must be at least 1'],
    ['limit=501', 'limit can be at most 500'],
    ['limit=2.5', 'limit must be a whole number'],
    ['limit=many', 'limit must be a number'],
  ])('refuses %s with "%s"', async (query, message) => {
    const { body: child } = await addChild();
    for (const path of ['/api/feedings', '/api/sleep']) {
      const answer = await server.call('GET', `${path}?childId=${child.id}&${query}`, { token: parent });
      expect({ path, status: answer.status, message: answer.body.message }).toEqual({ path, status: 400, message });
    }
  });
});

describe('the sleep-sack tag', () => {
  /** The event log as it lies on disk, write-ahead log included. */
  function storedEventBytes(): Buffer {
    const files = ['events.sqlite', 'events.sqlite-wal'].map((name) => path.join(server.dataDir, name)).filter((file) => existsSync(file));
    return Buffer.concat(files.map((file) => readFileSync(file)));
  }

  it('is sealed in the log, and its owner reads it in plain text in the answer, a repeat and every read', async () => {
    const { body: child } = await addChild();
    const tag = 'the one Josephine knitted, 2.5 TOG';
    const body = { childId: child.id, startedAt: '2026-11-20T19:00:00.000Z', endedAt: '2026-11-21T01:30:00.000Z', environment: { roomTemp: 68, whiteNoise: false, sleepSackTag: tag } };
    const headers = { 'idempotency-key': randomUUID() };
    const logged = await server.call('POST', '/api/sleep', { token: parent, body, headers });
    expect(logged.status).toBe(201);
    expect(logged.body.environment).toEqual({ roomTemp: 68, whiteNoise: false, sleepSackTag: tag });
    const repeated = await server.call('POST', '/api/sleep', { token: parent, body, headers });
    expect(repeated.status).toBe(201);
    expect(repeated.body).toEqual(logged.body);

    const seen = { 'x-min-position': String(logged.body.position) };
    const listed = await server.call('GET', `/api/sleep?childId=${child.id}&date=2026-11-20`, { token: parent, headers: seen });
    expect(listed.body.map((sleep: { environment: unknown }) => sleep.environment)).toEqual([{ roomTemp: 68, whiteNoise: false, sleepSackTag: tag }]);
    const one = await server.call('GET', `/api/sleep/${logged.body.id}`, { token: parent, headers: seen });
    expect(one.body.environment).toEqual({ roomTemp: 68, whiteNoise: false, sleepSackTag: tag });

    const [event] = await server.server.adapters.eventStore.readStream(sleepStreamId(logged.body.id));
    expect((event!.data as { environment: unknown }).environment).toEqual({ roomTemp: 68, whiteNoise: false, sleepSackTag: expect.stringMatching(/^v1\./), sleepSackTog: 2.5 });
    const bytes = storedEventBytes();
    expect(bytes.includes('SleepLogged')).toBe(true);
    expect(bytes.includes('Josephine')).toBe(false);
  });

  it('is corrected like the other details, and a tag left out is none', async () => {
    const { body: child } = await addChild();
    const body = { childId: child.id, startedAt: '2026-11-20T13:00:00.000Z', endedAt: '2026-11-20T14:00:00.000Z', environment: { roomTemp: null, whiteNoise: true, sleepSackTag: 'the striped one' } };
    const logged = await server.call('POST', '/api/sleep', { token: parent, body });
    const corrected = await server.call('PUT', `/api/sleep/${logged.body.id}`, { token: parent, body: { ...body, environment: { roomTemp: 70, whiteNoise: true, sleepSackTag: 'the plain one' } } });
    expect(corrected.status).toBe(200);
    expect(corrected.body.environment).toEqual({ roomTemp: 70, whiteNoise: true, sleepSackTag: 'the plain one' });
    const untagged = await server.call('PUT', `/api/sleep/${logged.body.id}`, { token: parent, body: { ...body, environment: { whiteNoise: false } } });
    const read = await server.call('GET', `/api/sleep/${logged.body.id}`, { token: parent, headers: { 'x-min-position': String(untagged.body.position) } });
    expect(read.body.environment).toEqual({ roomTemp: null, whiteNoise: false, sleepSackTag: null });
  });

  it('still shows its owner the plain tag of a sleep recorded before tags were sealed', async () => {
    const { body: child } = await addChild();
    const sleepId = uuidv7();
    // A SleepLogged of schema version 1, as the log holds it from before.
    const { position } = await server.server.adapters.eventStore.append(
      sleepStreamId(sleepId),
      [
        {
          id: uuidv7(),
          type: 'SleepLogged',
          data: {
            sleepId,
            childId: child.id,
            ownerId: parentId,
            startedAt: '2026-11-19T19:00:00.000Z',
            endedAt: '2026-11-20T02:00:00.000Z',
            environment: { roomTemp: 67, whiteNoise: true, sleepSackTag: 'grey wool, 1.0 TOG' },
            notes: await server.server.adapters.cipher.seal(parentId, 'Sleep session'),
          },
          metadata: { correlationId: uuidv7(), causationId: uuidv7(), schemaVersion: 1, recordedAt: new Date().toISOString() },
        },
      ],
      'no_stream',
    );
    const read = await server.call('GET', `/api/sleep/${sleepId}`, { token: parent, headers: { 'x-min-position': String(position) } });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ notes: 'Sleep session', environment: { roomTemp: 67, whiteNoise: true, sleepSackTag: 'grey wool, 1.0 TOG' } });
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
