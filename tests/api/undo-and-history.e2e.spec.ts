import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY_KIND_LIST } from '@nightlight/domain/entries/all-entry-kinds';
import { addChild, joinFamily, registerParent, seen } from './support/family';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * 'Deleted · Undo' over HTTP: a deleted entry of any kind comes back as it was, by an event, with
 * its id, times, amounts, notes and who logged it, in every list and insight; and each entry's
 * history says who logged it and who changed what since.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const now = Math.floor(Date.now() / 60_000) * 60_000;
const minutesAgo = (minutes: number) => new Date(now - minutes * 60_000).toISOString();

/** Maya adds Robin and invites Sam as a second parent; a stranger has a family of their own. */
async function family() {
  const maya = await registerParent(server, 'undo', { displayName: 'Maya' });
  const sam = await registerParent(server, 'undo', { displayName: 'Sam' });
  const stranger = await registerParent(server, 'undo', { displayName: 'Kim' });
  const childId = await addChild(server, maya.token, { birthDate: '2026-10-01' });
  await joinFamily(server, childId, maya.token, sam.token, 'parent');
  return { maya, sam, stranger, childId };
}

describe('restoring a deleted entry', () => {
  it('brings back every kind as it was, in its list and in the insights, by a restore event', async () => {
    const { maya, sam, childId } = await family();
    const bodies = {
      '/api/feedings': { childId, startedAt: minutesAgo(200), endedAt: minutesAgo(180), method: 'Bottle', amountMl: 120, type: 'Formula', notes: 'Took it all' },
      '/api/sleep': { childId, startedAt: minutesAgo(170), endedAt: minutesAgo(110), environment: { roomTemp: 68, whiteNoise: true, sleepSackTag: '1.0 TOG' }, notes: 'In the cot' },
      '/api/diapers': { childId, occurredAt: minutesAgo(100), contents: 'both', color: 'green' },
      '/api/pumpings': { childId, startedAt: minutesAgo(90), durationMinutes: 15, leftAmount: 60, rightAmount: 45, unit: 'mL' },
    };
    for (const [path, body] of Object.entries(bodies)) {
      const logged = await server.call('POST', path, { token: maya.token, body });
      expect(logged.status, path).toBe(201);
      const before = await server.call('GET', `${path}/${logged.body.id}`, { token: maya.token, headers: seen(logged) });
      const deleted = await server.call('DELETE', `${path}/${logged.body.id}`, { token: sam.token });
      expect(deleted.status, path).toBe(200);
      expect((await server.call('GET', `${path}/${logged.body.id}`, { token: maya.token, headers: seen(deleted) })).status, path).toBe(404);

      const restored = await server.call('POST', `${path}/${logged.body.id}/restore`, { token: sam.token });
      expect(restored.status, path).toBe(200);
      const { position: _position, ...answer } = restored.body;
      expect(answer, path).toEqual(before.body);
      const after = await server.call('GET', `${path}/${logged.body.id}`, { token: maya.token, headers: seen(restored) });
      // The same entry, still Maya's, with its notes opened: not a new one.
      expect(after.body, path).toEqual(before.body);
      const list = await server.call('GET', `${path}?childId=${childId}`, { token: maya.token, headers: seen(restored) });
      expect(list.body.map((entry: { id: string }) => entry.id), path).toEqual([logged.body.id]);
      const kind = ENTRY_KIND_LIST.find((definition) => definition.path === path)!;
      const stream = await server.server.adapters.eventStore.readStream(kind.streamId(logged.body.id));
      expect(stream.map((event) => event.type), path).toEqual([kind.events.logged, kind.events.deleted, kind.events.restored]);
    }
    const daily = await server.call('GET', `/api/children/${childId}/insights/daily?days=1&tz=UTC`, { token: maya.token, headers: { 'x-min-position': String(await server.server.adapters.eventStore.headPosition()) } });
    if (minutesAgo(200).slice(0, 10) === new Date(now).toISOString().slice(0, 10)) {
      expect(daily.body.today.feeding.feedCount).toBe(1);
      expect(daily.body.today.diapers).toEqual({ changeCount: 1, wetCount: 1, dirtyCount: 1 });
    }
  });

  it('answers a restore of an entry that is there with it, and writes nothing', async () => {
    const { maya, childId } = await family();
    const logged = await server.call('POST', '/api/diapers', { token: maya.token, body: { childId, occurredAt: minutesAgo(30), contents: 'wet' } });
    const head = await server.server.adapters.eventStore.headPosition();
    const again = await server.call('POST', `/api/diapers/${logged.body.id}/restore`, { token: maya.token });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: logged.body.id, contents: 'wet' });
    expect(await server.server.adapters.eventStore.headPosition()).toBe(head);
  });

  it('refuses to restore a feeding over one logged in its place meanwhile with 409, writing nothing', async () => {
    const { maya, childId } = await family();
    const first = await server.call('POST', '/api/feedings', { token: maya.token, body: { childId, startedAt: minutesAgo(60), endedAt: minutesAgo(40), method: 'Nursing' } });
    await server.call('DELETE', `/api/feedings/${first.body.id}`, { token: maya.token });
    expect((await server.call('POST', '/api/feedings', { token: maya.token, body: { childId, startedAt: minutesAgo(50), endedAt: minutesAgo(45), method: 'Nursing' } })).status).toBe(201);
    const head = await server.server.adapters.eventStore.headPosition();
    const refused = await server.call('POST', `/api/feedings/${first.body.id}/restore`, { token: maya.token });
    expect([refused.status, refused.body]).toEqual([409, { message: 'This overlaps a feeding already logged for this child', code: 'entry.overlap' }]);
    expect(await server.server.adapters.eventStore.headPosition()).toBe(head);
  });

  it("is 404 for an entry never logged and for another family's, with the kind's message", async () => {
    const { maya, stranger, childId } = await family();
    const logged = await server.call('POST', '/api/sleep', { token: maya.token, body: { childId, startedAt: minutesAgo(60), endedAt: minutesAgo(30) } });
    await server.call('DELETE', `/api/sleep/${logged.body.id}`, { token: maya.token });
    for (const [token, path] of [
      [stranger.token, `/api/sleep/${logged.body.id}/restore`],
      [maya.token, `/api/sleep/${randomUUID()}/restore`],
      [maya.token, '/api/sleep/not-an-id/restore'],
    ] as const) {
      const answer = await server.call('POST', path, { token });
      expect([answer.status, answer.body], path).toEqual([404, { message: 'Sleep session not found', code: 'sleep.notFound' }]);
    }
  });

  it('answers a double-tapped delete sent with the same key as the first, and a restore sent twice once', async () => {
    const { maya, childId } = await family();
    const logged = await server.call('POST', '/api/pumpings', { token: maya.token, body: { childId, startedAt: minutesAgo(20), unit: 'oz', leftAmount: 2 } });
    const key = randomUUID();
    const first = await server.call('DELETE', `/api/pumpings/${logged.body.id}`, { token: maya.token, headers: { 'idempotency-key': key } });
    const second = await server.call('DELETE', `/api/pumpings/${logged.body.id}`, { token: maya.token, headers: { 'idempotency-key': key } });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body).toEqual(first.body);
    const undo = randomUUID();
    const restored = await server.call('POST', `/api/pumpings/${logged.body.id}/restore`, { token: maya.token, headers: { 'idempotency-key': undo } });
    const again = await server.call('POST', `/api/pumpings/${logged.body.id}/restore`, { token: maya.token, headers: { 'idempotency-key': undo } });
    expect(again.body).toEqual(restored.body);
    const stream = await server.server.adapters.eventStore.readStream(ENTRY_KIND_LIST.find((kind) => kind.kind === 'pumping')!.streamId(logged.body.id));
    expect(stream.map((event) => event.type)).toEqual(['PumpingLogged', 'PumpingDeleted', 'PumpingRestored']);
  });
});

describe('restoring a deleted measurement', () => {
  it('brings it back as it was, and is 404 to another family', async () => {
    const { maya, sam, stranger, childId } = await family();
    const measured = await server.call('POST', '/api/growth', { token: maya.token, body: { childId, measuredOn: '2026-11-01', weightKg: 4.2, lengthCm: 55 } });
    const deleted = await server.call('DELETE', `/api/growth/${measured.body.id}`, { token: sam.token });
    expect((await server.call('GET', `/api/children/${childId}/growth`, { token: maya.token, headers: seen(deleted) })).body).toEqual([]);
    expect((await server.call('POST', `/api/growth/${measured.body.id}/restore`, { token: stranger.token })).body).toEqual({ message: 'Measurement not found', code: 'growth.notFound' });
    const restored = await server.call('POST', `/api/growth/${measured.body.id}/restore`, { token: sam.token });
    expect(restored.status).toBe(200);
    const { position: _restoredAt, ...answer } = restored.body;
    const { position: _measuredAt, ...original } = measured.body;
    expect(answer).toEqual(original);
    const list = await server.call('GET', `/api/children/${childId}/growth`, { token: maya.token, headers: seen(restored) });
    expect(list.body).toEqual([original]);
  });
});

describe("an entry's history", () => {
  it('says who logged it and when, and each change since: what a correction changed, a deletion, a restore', async () => {
    const { maya, sam, stranger, childId } = await family();
    const logged = await server.call('POST', '/api/feedings', { token: maya.token, body: { childId, startedAt: minutesAgo(120), endedAt: minutesAgo(100), method: 'Bottle', amountOz: 3, type: 'Formula' } });
    const history = async (answer: { headers: Headers }) => (await server.call('GET', `/api/feedings/${logged.body.id}/history`, { token: maya.token, headers: seen(answer) })).body;
    const at = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const mayaBy = { memberId: maya.id, displayName: 'Maya' };
    const samBy = { memberId: sam.id, displayName: 'Sam' };
    const first = await history(logged);
    expect(first).toEqual([{ action: 'logged', by: mayaBy, at, changed: [] }]);

    // Sam moves it a quarter of an hour later and makes it 4 oz; then only its notes.
    const moved = await server.call('PUT', `/api/feedings/${logged.body.id}`, { token: sam.token, body: { childId, startedAt: minutesAgo(105), endedAt: minutesAgo(85), method: 'Bottle', amountOz: 4, type: 'Formula' } });
    const noted = await server.call('PUT', `/api/feedings/${logged.body.id}`, { token: sam.token, body: { childId, startedAt: minutesAgo(105), endedAt: minutesAgo(85), method: 'Bottle', amountOz: 4, type: 'Formula', notes: 'Fussy' } });
    expect(moved.status).toBe(200);
    expect(await history(noted)).toEqual([
      { action: 'logged', by: mayaBy, at, changed: [] },
      { action: 'corrected', by: samBy, at, changed: ['time', 'amount'] },
      { action: 'corrected', by: samBy, at, changed: [] },
    ]);
    const deleted = await server.call('DELETE', `/api/feedings/${logged.body.id}`, { token: maya.token });
    expect((await server.call('GET', `/api/feedings/${logged.body.id}/history`, { token: maya.token, headers: seen(deleted) })).status).toBe(404);
    const restored = await server.call('POST', `/api/feedings/${logged.body.id}/restore`, { token: sam.token });
    const full = await history(restored);
    expect(full.map((item: { action: string; by: { displayName: string } }) => `${item.action} by ${item.by.displayName}`)).toEqual([
      'logged by Maya',
      'corrected by Sam',
      'corrected by Sam',
      'deleted by Maya',
      'restored by Sam',
    ]);
    // Logged when it was first logged, not when it came back.
    expect(full[0].at).toBe(first[0].at);
    expect(Date.parse(full[0].at)).toBeLessThanOrEqual(Date.parse(full[4].at));
    const strangers = await server.call('GET', `/api/feedings/${logged.body.id}/history`, { token: stranger.token });
    expect([strangers.status, strangers.body]).toEqual([404, { message: 'Feeding not found', code: 'feeding.notFound' }]);
  });
});
