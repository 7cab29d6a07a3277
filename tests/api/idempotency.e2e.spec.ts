import { randomUUID } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childStreamId, feedingStreamId, sleepStreamId } from '@nightlight/domain/shared/stream-ids';
import { startTestServer, type TestServer } from './support/test-server';

// 11:00 on Friday 20 March 2026 in New York (EDT, UTC-4).
const NOW = new Date('2026-03-20T15:00:00.000Z');
const KEY_REUSED = 'This Idempotency-Key was already used for a different request. Send a new key for a new request.';

const parentId = uuidv7();
let server: TestServer;
let parent: string;

beforeAll(async () => {
  server = await startTestServer({}, { clock: () => NOW });
  parent = await server.server.adapters.tokens.issueAccessToken(parentId);
});
afterAll(() => server.close());

type Answer = { status: number; body: any; headers: Headers };

const send = (method: string, path: string, key: string, body?: unknown, token = parent): Promise<Answer> =>
  server.call(method, path, { token, body, headers: { 'idempotency-key': key } });

const head = () => server.server.adapters.eventStore.headPosition();
const typesOn = async (streamId: string) => (await server.server.adapters.eventStore.readStream(streamId)).map((event) => event.type);
/** Status and body as the parent sees them, the position header included. */
const seen = (answer: Answer) => ({ status: answer.status, body: answer.body, position: answer.headers.get('x-event-position') });

async function addChild(birthDate = '2026-01-05'): Promise<string> {
  const created = await server.call('POST', '/api/children', { token: parent, body: { displayName: 'Ada', birthDate, sex: 'Female', timezone: 'America/New_York' } });
  expect(created.status).toBe(201);
  return created.body.id;
}

const feeding = (childId: string, changes: Record<string, unknown> = {}) => ({
  childId,
  startedAt: '2026-03-20T12:00:00Z',
  endedAt: '2026-03-20T12:20:00Z',
  amountOz: 4,
  method: 'Bottle',
  type: 'Formula',
  notes: 'Before the nap',
  ...changes,
});

describe('a repeated Idempotency-Key', () => {
  it('answers a repeated POST with what the first one recorded, its data and position, after a later correction too', async () => {
    const childId = await addChild();
    const key = randomUUID();
    const first = await send('POST', '/api/feedings', key, feeding(childId));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ amountOz: 4, notes: 'Before the nap', entry: { datetime: '2026-03-20T08:00', amount: '4 oz', duration: '20m' } });

    const corrected = await send('PUT', `/api/feedings/${first.body.id}`, randomUUID(), feeding(childId, { amountOz: 5, notes: 'Burped' }));
    expect(corrected.status).toBe(200);
    const before = await head();
    const again = await send('POST', '/api/feedings', key, feeding(childId));
    expect(seen(again)).toEqual(seen(first));
    expect(await head()).toBe(before);
    expect(await typesOn(feedingStreamId(first.body.id))).toEqual(['FeedingLogged', 'FeedingCorrected']);
  });

  it("names a record made under the web app's version-7 key by an id that begins with the key's time, the same when the key comes again", async () => {
    const childId = await addChild();
    // Made a millisecond apart: ids begin with the keys' milliseconds, the rest is the digest.
    const keys = [uuidv7({ msecs: Date.parse('2026-03-20T14:59:00.000Z') }), uuidv7({ msecs: Date.parse('2026-03-20T14:59:00.001Z') })];
    const ids: string[] = [];
    for (const [index, key] of keys.entries()) {
      const logged = await send('POST', '/api/feedings', key, feeding(childId, { startedAt: `2026-03-20T0${index + 1}:00:00Z`, endedAt: `2026-03-20T0${index + 1}:20:00Z` }));
      expect(logged.status).toBe(201);
      expect(logged.body.id).toMatch(new RegExp(`^${key.slice(0, 13)}-8[0-9a-f]{3}-[89ab]`));
      ids.push(logged.body.id);
    }
    expect(ids[0]! < ids[1]!).toBe(true);
    const again = await send('POST', '/api/feedings', keys[0]!, feeding(childId, { startedAt: '2026-03-20T01:00:00Z', endedAt: '2026-03-20T01:20:00Z' }));
    expect([again.status, again.body.id]).toEqual([201, ids[0]]);
    expect(await typesOn(feedingStreamId(ids[0]!))).toEqual(['FeedingLogged']);
  });

  it('answers a repeated PUT as the first time and appends no second correction', async () => {
    const childId = await addChild();
    const created = await send('POST', '/api/sleep', randomUUID(), { childId, startedAt: '2026-03-20T13:00:00Z', endedAt: '2026-03-20T14:30:00Z' });
    const key = randomUUID();
    const correction = { childId, startedAt: '2026-03-20T13:00:00Z', endedAt: '2026-03-20T14:45:00Z', notes: 'Woke once' };
    const first = await send('PUT', `/api/sleep/${created.body.id}`, key, correction);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ endedAt: '2026-03-20T14:45:00.000Z', notes: 'Woke once', entry: { duration: '1h 45m' } });
    const again = await send('PUT', `/api/sleep/${created.body.id}`, key, correction);
    expect(seen(again)).toEqual(seen(first));
    expect(await typesOn(sleepStreamId(created.body.id))).toEqual(['SleepLogged', 'SleepCorrected']);
  });

  it('answers a repeated DELETE with the first {ok: true} and its position, not 404', async () => {
    const childId = await addChild();
    const created = await send('POST', '/api/feedings', randomUUID(), feeding(childId));
    const key = randomUUID();
    const first = await send('DELETE', `/api/feedings/${created.body.id}`, key);
    expect(seen(first)).toEqual({ status: 200, body: { ok: true, position: Number(first.headers.get('x-event-position')) }, position: first.headers.get('x-event-position') });
    const again = await send('DELETE', `/api/feedings/${created.body.id}`, key);
    expect(seen(again)).toEqual(seen(first));
    // Without the key, deleting it again is deleting something that is gone.
    expect((await server.call('DELETE', `/api/feedings/${created.body.id}`, { token: parent })).status).toBe(404);
  });

  it('answers repeated child writes as the first time: create, profile update and removal', async () => {
    const key = randomUUID();
    const body = { displayName: 'Bo', birthDate: '2026-02-01', sex: 'Male', timezone: 'america/new_york' };
    const created = await send('POST', '/api/children', key, body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ displayName: 'Bo', timezone: 'America/New_York' });
    const childId = created.body.id;

    const profile = { displayName: 'Bob', birthDate: '2026-02-01', sex: 'Male', nightWindowStart: '20:00', nightWindowEnd: '07:00', timezone: 'America/Chicago' };
    const updateKey = randomUUID();
    const updated = await send('PUT', `/api/settings/children/${childId}`, updateKey, profile);
    expect(updated.status).toBe(200);
    await send('PUT', `/api/settings/children/${childId}`, randomUUID(), { ...profile, displayName: 'Bobby' });

    expect(seen(await send('POST', '/api/children', key, body))).toEqual(seen(created));
    expect(seen(await send('PUT', `/api/settings/children/${childId}`, updateKey, profile))).toEqual(seen(updated));

    const removeKey = randomUUID();
    const removed = await send('DELETE', `/api/settings/children/${childId}`, removeKey, { confirmText: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(seen(await send('DELETE', `/api/settings/children/${childId}`, removeKey, { confirmText: 'DELETE' }))).toEqual(seen(removed));
    expect(await typesOn(childStreamId(childId))).toEqual(['ChildRegistered', 'ChildProfileUpdated', 'ChildProfileUpdated', 'ChildRemoved']);
  });

  it("answers a repeated 'Got It' with the first answer instead of 409", async () => {
    // Born 27 February: the one-month warning runs from 20 to 26 March.
    const childId = await addChild('2026-02-27');
    const path = `/api/milestone-alerts/${encodeURIComponent(`${childId}:1-month:ONE_WEEK_WARNING`)}/dismiss`;
    const key = randomUUID();
    const first = await send('POST', path, key);
    expect(first.status).toBe(200);
    expect(seen(await send('POST', path, key))).toEqual(seen(first));
    const withoutKey = await server.call('POST', path, { token: parent });
    expect(withoutKey.status).toBe(409);
  });

  it('still answers as the first time after a restart: the log remembers', async () => {
    const childId = await addChild();
    const key = randomUUID();
    const first = await send('POST', '/api/feedings', key, feeding(childId, { startedAt: '2026-03-19T12:00:00Z', endedAt: '2026-03-19T12:10:00Z' }));
    await server.restart();
    parent = await server.server.adapters.tokens.issueAccessToken(parentId);
    expect(seen(await send('POST', '/api/feedings', key, feeding(childId, { startedAt: '2026-03-19T12:00:00Z', endedAt: '2026-03-19T12:10:00Z' })))).toEqual(seen(first));
  });
});

describe('the same request sent twice at once', () => {
  it.each([
    ['POST', 5],
    ['PUT', 4],
    ['DELETE', 4],
  ])('%s: every copy gets the one answer, and one change is written', async (method, copies) => {
    const childId = await addChild();
    const created = await send('POST', '/api/feedings', randomUUID(), feeding(childId, { startedAt: '2026-03-18T12:00:00Z', endedAt: '2026-03-18T12:20:00Z' }));
    const key = randomUUID();
    const request =
      method === 'POST'
        ? () => send('POST', '/api/feedings', key, feeding(childId, { startedAt: '2026-03-17T12:00:00Z', endedAt: '2026-03-17T12:20:00Z' }))
        : method === 'PUT'
          ? () => send('PUT', `/api/feedings/${created.body.id}`, key, feeding(childId, { startedAt: '2026-03-18T12:00:00Z', endedAt: '2026-03-18T12:20:00Z', amountOz: 6 }))
          : () => send('DELETE', `/api/feedings/${created.body.id}`, key);
    const answers = await Promise.all(Array.from({ length: copies }, request));
    expect(answers.map((answer) => answer.status)).toEqual(Array(copies).fill(method === 'POST' ? 201 : 200));
    for (const answer of answers) expect(seen(answer)).toEqual(seen(answers[0]!));

    const id = method === 'POST' ? answers[0]!.body.id : created.body.id;
    const expected = { POST: ['FeedingLogged'], PUT: ['FeedingLogged', 'FeedingCorrected'], DELETE: ['FeedingLogged', 'FeedingDeleted'] }[method]!;
    expect(await typesOn(feedingStreamId(id))).toEqual(expected);
  });

  it('POST of a child: one child, one answer', async () => {
    const key = randomUUID();
    const body = { displayName: 'Twin', birthDate: '2026-03-01', sex: 'Unknown', timezone: 'UTC' };
    const answers = await Promise.all(Array.from({ length: 4 }, () => send('POST', '/api/children', key, body)));
    for (const answer of answers) expect(seen(answer)).toEqual(seen(answers[0]!));
    expect(answers[0]!.status).toBe(201);
    const list = await server.call('GET', '/api/children', { token: parent, headers: { 'x-min-position': String(answers[0]!.body.position) } });
    expect(list.body.filter((child: { displayName: string }) => child.displayName === 'Twin')).toHaveLength(1);
  });
});

describe('a key sent with another request', () => {
  it('is refused with 422 and writes nothing: another body, or another write to the record it wrote', async () => {
    const childId = await addChild();
    const key = randomUUID();
    const first = await send('POST', '/api/feedings', key, feeding(childId, { startedAt: '2026-03-16T12:00:00Z', endedAt: '2026-03-16T12:20:00Z' }));
    expect(first.status).toBe(201);
    const before = await head();
    for (const [method, path, body] of [
      ['POST', '/api/feedings', feeding(childId, { startedAt: '2026-03-16T12:00:00Z', endedAt: '2026-03-16T12:20:00Z', amountOz: 4.5 })],
      ['PUT', `/api/feedings/${first.body.id}`, feeding(childId, { startedAt: '2026-03-16T12:00:00Z', endedAt: '2026-03-16T12:20:00Z' })],
      ['DELETE', `/api/feedings/${first.body.id}`, undefined],
    ] as const) {
      const answer = await send(method, path, key, body);
      expect(answer.status, `${method} ${path}`).toBe(422);
      expect(answer.body).toEqual({ message: KEY_REUSED, code: 'http.idempotencyKeyReused' });
    }
    expect(await head()).toBe(before);
  });

  it('belongs to the record it wrote: sent to another route, it writes a record of its own there', async () => {
    const childId = await addChild();
    const key = randomUUID();
    const fed = await send('POST', '/api/feedings', key, feeding(childId, { startedAt: '2026-03-17T12:00:00Z', endedAt: '2026-03-17T12:20:00Z' }));
    const slept = await send('POST', '/api/sleep', key, { childId, startedAt: '2026-03-17T13:00:00Z', endedAt: '2026-03-17T14:00:00Z' });

    expect([fed.status, slept.status]).toEqual([201, 201]);
    expect(slept.body.id).not.toBe(fed.body.id);
    const feedings = await server.call('GET', `/api/feedings?childId=${childId}&date=2026-03-17`, { token: parent, headers: { 'x-min-position': String(slept.body.position) } });
    const sleeps = await server.call('GET', `/api/sleep?childId=${childId}&date=2026-03-17`, { token: parent, headers: { 'x-min-position': String(slept.body.position) } });
    expect(feedings.body.map((entry: { id: string }) => entry.id)).toEqual([fed.body.id]);
    expect(sleeps.body.map((entry: { id: string }) => entry.id)).toEqual([slept.body.id]);
  });

  it('is refused when the two are sent at once: one is written, the other is 422', async () => {
    const childId = await addChild();
    const key = randomUUID();
    const answers = await Promise.all([
      send('POST', '/api/feedings', key, feeding(childId, { startedAt: '2026-03-15T12:00:00Z', endedAt: '2026-03-15T12:20:00Z' })),
      send('POST', '/api/feedings', key, feeding(childId, { startedAt: '2026-03-15T12:00:00Z', endedAt: '2026-03-15T12:20:00Z', amountOz: 5 })),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422]);
    expect(answers.find((answer) => answer.status === 422)!.body).toEqual({ message: KEY_REUSED, code: 'http.idempotencyKeyReused' });
  });

  it('is taken after a refused request: a 400 records nothing, so the corrected request goes through', async () => {
    const childId = await addChild();
    const key = randomUUID();
    const before = await head();
    const refused = await send('POST', '/api/feedings', key, feeding(childId, { startedAt: '2026-03-14T12:00:00Z', endedAt: '2026-03-14T12:20:00Z', amountOz: 3.1 }));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Amount must be in steps of 0.25 oz');
    expect(await head()).toBe(before);
    const fixed = await send('POST', '/api/feedings', key, feeding(childId, { startedAt: '2026-03-14T12:00:00Z', endedAt: '2026-03-14T12:20:00Z', amountOz: 3 }));
    expect(fixed.status).toBe(201);
    expect(fixed.body.amountOz).toBe(3);
  });

  it('belongs to one user: another parent may send the same key', async () => {
    const childId = await addChild();
    const other = await server.server.adapters.tokens.issueAccessToken(uuidv7());
    const key = randomUUID();
    expect((await send('POST', '/api/feedings', key, feeding(childId, { startedAt: '2026-03-13T12:00:00Z', endedAt: '2026-03-13T12:20:00Z' }))).status).toBe(201);
    const theirs = await send('POST', '/api/children', key, { displayName: 'Cy', birthDate: '2026-01-01', sex: 'Male', timezone: 'UTC' }, other);
    expect(theirs.status).toBe(201);
  });
});

describe('a key replayed by a member removed since', () => {
  async function signUp(): Promise<{ id: string; token: string }> {
    const answer = await server.call('POST', '/api/auth/register', { body: { email: `replay-${randomUUID()}@example.com`, password: 'Sleepy baby 42', referralCode: 'TEST42' } });
    expect(answer.status).toBe(201);
    return { id: answer.body.user.id, token: answer.body.accessToken };
  }

  async function joinAsParent(inviter: string, childId: string, token: string): Promise<void> {
    const invitation = await server.call('POST', `/api/children/${childId}/invitations`, { token: inviter, body: { role: 'parent' } });
    expect((await server.call('POST', `/api/invitations/${invitation.body.code}/accept`, { token })).status).toBe(200);
  }

  async function remove(remover: string, childId: string, memberId: string): Promise<void> {
    expect((await server.call('DELETE', `/api/children/${childId}/members/${memberId}`, { token: remover })).status).toBe(200);
  }

  it('gets what a stranger gets, 404, for every write it made: never the entry, its notes or who logged it', async () => {
    // Born 27 February: the one-month warning is active on 20 March.
    const childId = await addChild('2026-02-27');
    const removed = await signUp();
    const stranger = await signUp();
    await joinAsParent(parent, childId, removed.token);

    const alertPath = `/api/milestone-alerts/${encodeURIComponent(`${childId}:1-month:ONE_WEEK_WARNING`)}/remind-later`;
    const sleep = { childId, startedAt: '2026-03-20T09:00:00Z', endedAt: '2026-03-20T10:00:00Z', notes: 'Slept in the car seat' };
    const profile = { displayName: 'Ada', birthDate: '2026-02-27', sex: 'Female', nightWindowStart: '19:00', nightWindowEnd: '07:00', timezone: 'America/New_York' };
    const made = async (method: string, path: string, body: unknown, status: number) => {
      const key = randomUUID();
      const answer = await send(method, path, key, body, removed.token);
      expect(answer.status, `${method} ${path}`).toBe(status);
      return { key, answer };
    };
    const logged = await made('POST', '/api/feedings', feeding(childId, { notes: 'Fed by the removed parent' }), 201);
    const corrected = await made('PUT', `/api/feedings/${logged.answer.body.id}`, feeding(childId, { notes: 'Corrected by the removed parent' }), 200);
    const slept = await made('POST', '/api/sleep', sleep, 201);
    const deleted = await made('DELETE', `/api/sleep/${slept.answer.body.id}`, undefined, 200);
    const snoozed = await made('POST', alertPath, undefined, 200);
    const renamed = await made('PUT', `/api/settings/children/${childId}`, profile, 200);

    await remove(parent, childId, removed.id);
    const before = await head();
    const replays: Array<[{ key: string }, string, string, unknown]> = [
      [logged, 'POST', '/api/feedings', feeding(childId, { notes: 'Fed by the removed parent' })],
      [corrected, 'PUT', `/api/feedings/${logged.answer.body.id}`, feeding(childId, { notes: 'Corrected by the removed parent' })],
      [slept, 'POST', '/api/sleep', sleep],
      [deleted, 'DELETE', `/api/sleep/${slept.answer.body.id}`, undefined],
      [snoozed, 'POST', alertPath, undefined],
      [renamed, 'PUT', `/api/settings/children/${childId}`, profile],
    ];
    for (const [{ key }, method, path, body] of replays) {
      const replay = await send(method, path, key, body, removed.token);
      const strangers = await send(method, path, randomUUID(), body, stranger.token);
      expect([replay.status, replay.body], `${method} ${path}`).toEqual([404, strangers.body]);
      expect(strangers.status, `${method} ${path}`).toBe(404);
    }
    expect(await head()).toBe(before);
  });

  it('gets 404 for the child it added, once it left the family to the other parent: not its name and birth date', async () => {
    const creator = await signUp();
    const key = randomUUID();
    const body = { displayName: 'Perpetua', birthDate: '2026-01-05', sex: 'Female', timezone: 'UTC' };
    const created = await send('POST', '/api/children', key, body, creator.token);
    expect(created.status).toBe(201);
    const other = await signUp();
    await joinAsParent(creator.token, created.body.id, other.token);
    // A later parent may not remove the one who added the child: the creator leaves by itself.
    await remove(creator.token, created.body.id, creator.id);

    const replay = await send('POST', '/api/children', key, body, creator.token);
    expect([replay.status, replay.body]).toEqual([404, { message: 'Child not found', code: 'child.notFound' }]);
  });
});
