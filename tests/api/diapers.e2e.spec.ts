import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addChild, daysAgo, familyWithCaregiver, minutesAgo, registerParent } from './support/family';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Diaper changes over HTTP: logging in two fields, every refusal with its message and nothing
 * written, the guidance a stool colour calls for at the child's age, the counts the dashboard and
 * the weekly table show, and who may see and change them (family members) and who may not (404).
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('diaper changes', () => {
  it('logs a change with two fields, and reads it back in the list, by id and on the timeline', async () => {
    const parent = await registerParent(server, 'diapers');
    const childId = await addChild(server, parent.token, { birthDate: daysAgo(30) });
    const occurredAt = minutesAgo(5);
    const logged = await server.call('POST', '/api/diapers', { token: parent.token, body: { childId, occurredAt, contents: 'dirty', color: 'green' } });
    expect(logged.status).toBe(201);
    expect(logged.body).toMatchObject({
      childId,
      occurredAt,
      contents: 'dirty',
      color: 'green',
      guidance: null,
      notes: '',
      entry: { type: 'Diaper', icon: '💩', amount: 'Dirty · green', duration: '-', status: 'completed', datetime: occurredAt.slice(0, 16) },
    });
    expect(logged.body).not.toHaveProperty('startedAt');
    const position = logged.headers.get('x-event-position')!;
    const date = occurredAt.slice(0, 10);

    const list = await server.call('GET', `/api/diapers?childId=${childId}&date=${date}`, { token: parent.token, headers: { 'x-min-position': position } });
    expect(list.status).toBe(200);
    // A write's answer adds the position it was written at.
    const { position: _position, ...read } = logged.body;
    expect(list.body).toEqual([read]);
    const one = await server.call('GET', `/api/diapers/${logged.body.id}`, { token: parent.token });
    expect(one.body).toEqual(read);
    // A diaper is not a feeding nor a sleep.
    expect((await server.call('GET', `/api/feedings?childId=${childId}&date=${date}`, { token: parent.token })).body).toEqual([]);
    expect((await server.call('GET', `/api/feedings/${logged.body.id}`, { token: parent.token })).status).toBe(404);
  });

  it('corrects a change and deletes it; the same request again with its Idempotency-Key answers as the first time', async () => {
    const parent = await registerParent(server, 'diapers');
    const childId = await addChild(server, parent.token, { birthDate: daysAgo(30) });
    const body = { childId, occurredAt: minutesAgo(30), contents: 'wet' };
    const key = randomUUID();
    const first = await server.call('POST', '/api/diapers', { token: parent.token, body, headers: { 'idempotency-key': key } });
    const again = await server.call('POST', '/api/diapers', { token: parent.token, body, headers: { 'idempotency-key': key } });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const id = first.body.id as string;

    const corrected = await server.call('PUT', `/api/diapers/${id}`, { token: parent.token, body: { ...body, contents: 'both', color: 'yellow', notes: 'after the bath' } });
    expect(corrected.status).toBe(200);
    expect(corrected.body).toMatchObject({ id, contents: 'both', color: 'yellow', notes: 'after the bath', entry: { icon: '💩', amount: 'Wet + dirty · yellow', notes: 'after the bath' } });

    const deleted = await server.call('DELETE', `/api/diapers/${id}`, { token: parent.token });
    expect(deleted.status).toBe(200);
    const gone = await server.call('GET', `/api/diapers/${id}`, { token: parent.token, headers: { 'x-min-position': deleted.headers.get('x-event-position')! } });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('Diaper change not found');
  });

  it.each([
    [{ occurredAt: undefined }, 'Date and time is required'],
    [{ occurredAt: '' }, 'Date and time is required'],
    [{ occurredAt: '2026-03-01T08:30' }, 'Date and time must end with Z or a UTC offset, such as 2026-03-01T08:30:00-05:00'],
    [{ occurredAt: '2026-02-30T08:30:00Z' }, 'Date and time is not a real date and time'],
    [{ occurredAt: new Date(Date.now() + 10 * 60_000).toISOString() }, 'Cannot select future date and time'],
    [{ contents: undefined }, 'Contents must be wet, dirty, both or dry'],
    [{ contents: 'soaked' }, 'Contents must be wet, dirty, both or dry'],
    [{ contents: 'wet', color: 'yellow' }, 'Color applies to dirty diapers only'],
    [{ contents: 'dry', color: 'brown' }, 'Color applies to dirty diapers only'],
    [{ color: 'purple' }, 'Color must be yellow, green, brown, black, red or white'],
    [{ notes: 'x'.repeat(1001) }, 'Notes must be 1000 characters or less'],
    [{ childId: undefined }, 'childId is required'],
  ])('refuses %j with "%s" and writes nothing', async (changes, message) => {
    const parent = await registerParent(server, 'diapers');
    const childId = await addChild(server, parent.token, { birthDate: daysAgo(30) });
    const head = await server.server.adapters.eventStore.headPosition();
    const answer = await server.call('POST', '/api/diapers', { token: parent.token, body: { childId, occurredAt: minutesAgo(1), contents: 'dirty', ...changes } });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
    expect(await server.server.adapters.eventStore.headPosition()).toBe(head);
  });

  it('answers black after the first days, and red or white at any age, with "Talk to your pediatrician" and its source', async () => {
    const parent = await registerParent(server, 'diapers');
    const newborn = await addChild(server, parent.token, { birthDate: daysAgo(1) });
    const older = await addChild(server, parent.token, { birthDate: daysAgo(10) });
    const log = async (childId: string, color: string) =>
      (await server.call('POST', '/api/diapers', { token: parent.token, body: { childId, occurredAt: minutesAgo(1), contents: 'dirty', color } })).body.guidance;
    expect(await log(newborn, 'black')).toBeNull();
    expect(await log(older, 'black')).toMatchObject({ message: 'Talk to your pediatrician', source: { url: 'https://hopkinschildrens.org/stool-color-library/' } });
    expect(await log(newborn, 'red')).toMatchObject({ message: 'Talk to your pediatrician', reason: 'Red in the stool can be blood.' });
    expect(await log(newborn, 'white')).toMatchObject({ message: 'Talk to your pediatrician' });
    expect(await log(older, 'yellow')).toBeNull();
  });

  it('counts wet and dirty diapers of today and every change in the weekly table', async () => {
    const parent = await registerParent(server, 'diapers');
    const childId = await addChild(server, parent.token, { birthDate: daysAgo(30) });
    let position = '0';
    // Within the last hour: today in UTC unless the test runs in its first minutes.
    for (const [minutes, contents] of [[40, 'wet'], [30, 'both'], [20, 'dirty'], [10, 'dry']] as const) {
      const answer = await server.call('POST', '/api/diapers', { token: parent.token, body: { childId, occurredAt: minutesAgo(minutes), contents } });
      position = answer.headers.get('x-event-position')!;
    }
    const today = new Date().toISOString().slice(0, 10);
    if (minutesAgo(40).slice(0, 10) !== today) return; // Across midnight the day split is checked by the domain's tests.
    const daily = await server.call('GET', `/api/children/${childId}/insights/daily?days=1`, { token: parent.token, headers: { 'x-min-position': position } });
    expect(daily.body.today.diapers).toEqual({ changeCount: 4, wetCount: 2, dirtyCount: 2 });
    const weekly = await server.call('GET', `/api/children/${childId}/insights/weekly`, { token: parent.token, headers: { 'x-min-position': position } });
    expect(weekly.body[0]).toMatchObject({ date: today, isToday: true, diapers: 4 });
    expect(weekly.body.slice(1).map((row: { diapers: number }) => row.diapers)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('lets a caregiver log and correct, and keeps every diaper route from a stranger with 404 and nothing written', async () => {
    const { parent, caregiver, stranger, childId } = await familyWithCaregiver(server, 'diapers', { birthDate: daysAgo(30) });

    const logged = await server.call('POST', '/api/diapers', { token: caregiver.token, body: { childId, occurredAt: minutesAgo(3), contents: 'wet' } });
    expect(logged.status).toBe(201);
    const id = logged.body.id as string;
    const byParent = await server.call('GET', `/api/diapers/${id}`, { token: parent.token, headers: { 'x-min-position': logged.headers.get('x-event-position')! } });
    expect(byParent.body.loggedBy).toMatchObject({ memberId: caregiver.id });
    expect((await server.call('PUT', `/api/diapers/${id}`, { token: parent.token, body: { childId, occurredAt: minutesAgo(4), contents: 'dry' } })).status).toBe(200);

    const head = await server.server.adapters.eventStore.headPosition();
    const body = { childId, occurredAt: minutesAgo(2), contents: 'wet' };
    // A write names the child in its body: the child is what the stranger cannot find.
    const refusals = [
      await server.call('POST', '/api/diapers', { token: stranger.token, body }),
      await server.call('PUT', `/api/diapers/${id}`, { token: stranger.token, body }),
      await server.call('GET', `/api/diapers?childId=${childId}`, { token: stranger.token }),
    ];
    for (const answer of refusals) expect([answer.status, answer.body.message]).toEqual([404, 'Child not found']);
    for (const [method, payload] of [['GET', undefined], ['DELETE', undefined]] as const) {
      const answer = await server.call(method, `/api/diapers/${id}`, { token: stranger.token, body: payload });
      expect([method, answer.status, answer.body.message]).toEqual([method, 404, 'Diaper change not found']);
    }
    expect(await server.server.adapters.eventStore.headPosition()).toBe(head);
  });
});
