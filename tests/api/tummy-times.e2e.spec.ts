import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '@nightlight/domain/exports/csv';
import { addChild, clockAt, familyWithCaregiver, FRIDAY_EVENING, minutesBefore, registerParent, seen } from './support/family';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Tummy time over HTTP: a span of 1 to 120 minutes with a milestone (sealed like the notes); every
 * refusal with its message and nothing written; its history and Undo; its CSV round trip; its
 * research line; and who may see it (the family) and who may not (404).
 */

const NOW = FRIDAY_EVENING;
const STATIC_TOKEN = 'static-researcher-token-for-tummy-time';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RESEARCH_TOKENS: STATIC_TOKEN, RESEARCH_MIN_CHILDREN: '1' }, { clock: clockAt(NOW) });
});
afterAll(() => server.close());

const at = (minutes: number) => minutesBefore(NOW, minutes);
// Born 1 September 2026: 11 weeks old on the 20th.
const BORN = { birthDate: '2026-09-01' };

describe('tummy time', () => {
  it('logs a session with a milestone, reads it back with the milestone opened, and seals it in the log', async () => {
    const parent = await registerParent(server, 'tummy');
    const childId = await addChild(server, parent.token, BORN);
    const logged = await server.call('POST', '/api/tummy-times', { token: parent.token, body: { childId, startedAt: at(40), endedAt: at(28), milestone: ' Rolled over! ' } });
    expect(logged.status).toBe(201);
    expect(logged.body).toMatchObject({ startedAt: at(40), endedAt: at(28), milestone: 'Rolled over!', notes: '', entry: { type: 'TummyTime', icon: '🤸', amount: 'Rolled over!', duration: '12m' } });
    const plain = await server.call('POST', '/api/tummy-times', { token: parent.token, body: { childId, startedAt: at(20), endedAt: at(15) } });
    expect(plain.body).toMatchObject({ milestone: null, entry: { amount: '-', duration: '5m' } });
    const { position: _position, ...read } = logged.body;
    const list = await server.call('GET', `/api/tummy-times?childId=${childId}&date=2026-11-20`, { token: parent.token, headers: seen(plain) });
    expect(list.body.map((session: { id: string }) => session.id)).toEqual([read.id, plain.body.id]);
    expect(list.body[0]).toEqual(read);
    const events = await server.server.adapters.eventStore.readStream(`tummyTime-${read.id}`);
    expect(JSON.stringify(events)).not.toMatch(/Rolled/);
    // The report: 12 and 5 minutes on the 20th, a day tracked by its tummy time alone.
    const report = await server.call('GET', `/api/children/${childId}/report?from=2026-11-20&to=2026-11-20`, { token: parent.token });
    expect([report.body.tummyTime, report.body.days[0].tummyTimeMins, report.body.range.daysWithEntries]).toEqual([{ mean: 17, min: 17, max: 17 }, 17, 1]);
  });

  it('corrects a session, deletes it and brings it back with Undo', async () => {
    const parent = await registerParent(server, 'tummy');
    const childId = await addChild(server, parent.token, BORN);
    const body = { childId, startedAt: at(60), endedAt: at(50) };
    const logged = await server.call('POST', '/api/tummy-times', { token: parent.token, body });
    const id = logged.body.id as string;
    const corrected = await server.call('PUT', `/api/tummy-times/${id}`, { token: parent.token, body: { ...body, endedAt: at(45), milestone: 'Lifted head' } });
    expect(corrected.body).toMatchObject({ id, endedAt: at(45), milestone: 'Lifted head', entry: { duration: '15m' } });
    const history = await server.call('GET', `/api/tummy-times/${id}/history`, { token: parent.token, headers: seen(corrected) });
    expect(history.body.map((item: { action: string; changed: string[] }) => [item.action, item.changed])).toEqual([
      ['logged', []],
      ['corrected', ['duration']],
    ]);
    const deleted = await server.call('DELETE', `/api/tummy-times/${id}`, { token: parent.token });
    const gone = await server.call('GET', `/api/tummy-times/${id}`, { token: parent.token, headers: seen(deleted) });
    expect([gone.status, gone.body.message]).toEqual([404, 'Tummy time not found']);
    const restored = await server.call('POST', `/api/tummy-times/${id}/restore`, { token: parent.token });
    expect(restored.body).toMatchObject({ id, milestone: 'Lifted head', endedAt: at(45) });
  });

  it.each([
    [{ startedAt: undefined }, 'Date and time is required'],
    [{ endedAt: undefined }, 'Duration is required'],
    [{ startedAt: '2026-11-20T18:10:00Z', endedAt: '2026-11-20T18:20:00Z' }, 'Cannot select future date and time'],
    [{ startedAt: '2026-08-31T12:00:00Z', endedAt: '2026-08-31T12:10:00Z' }, 'Cannot select a date and time before the birth date'],
    [{ endedAt: at(30) }, 'Duration must be at least 1 minute'],
    [{ startedAt: at(200), endedAt: at(79) }, 'Duration can be at most 120 minutes'],
    [{ milestone: 'x'.repeat(201) }, 'Milestone must be 200 characters or less'],
    [{ milestone: 7 }, 'Milestone must be text'],
    [{ notes: 'x'.repeat(1001) }, 'Notes must be 1000 characters or less'],
    [{ childId: undefined }, 'childId is required'],
  ])('refuses %j with "%s" and writes nothing', async (changes, message) => {
    const parent = await registerParent(server, 'tummy');
    const childId = await addChild(server, parent.token, BORN);
    const head = await server.server.adapters.eventStore.headPosition();
    const answer = await server.call('POST', '/api/tummy-times', { token: parent.token, body: { childId, startedAt: at(30), endedAt: at(20), ...changes } });
    expect([answer.status, answer.body.message]).toEqual([400, message]);
    expect(await server.server.adapters.eventStore.headPosition()).toBe(head);
  });

  it('goes out in the CSV export and in again into another child, losing nothing', async () => {
    const parent = await registerParent(server, 'tummy');
    const childId = await addChild(server, parent.token, BORN);
    await server.call('POST', '/api/tummy-times', { token: parent.token, body: { childId, startedAt: at(90), endedAt: at(80), milestone: '@home: pushed up on arms', notes: 'On the play mat' } });
    const last = await server.call('POST', '/api/tummy-times', { token: parent.token, body: { childId, startedAt: at(30), endedAt: at(25) } });
    await server.server.projector.waitFor(Number(last.headers.get('x-event-position')), 2000);
    const csvOf = async (id: string) => (await fetch(`${server.url}/api/children/${id}/export.csv`, { headers: { authorization: `Bearer ${parent.token}` } })).text();
    const rowsOf = (csv: string) => {
      const [header, ...rows] = parseCsv(csv);
      return rows.map(({ cells }) => {
        const row = Object.fromEntries(header!.cells.map((column, index) => [column, cells[index] ?? '']));
        return { kind: row['kind'], started_utc: row['started_utc'], ended_utc: row['ended_utc'], milestone: row['tummy_time_milestone'], notes: row['notes'] };
      });
    };
    const csv = await csvOf(childId);
    expect(rowsOf(csv)).toEqual([
      { kind: 'tummyTime', started_utc: at(90), ended_utc: at(80), milestone: "'@home: pushed up on arms", notes: 'On the play mat' },
      { kind: 'tummyTime', started_utc: at(30), ended_utc: at(25), milestone: '', notes: '' },
    ]);
    const copy = await addChild(server, parent.token, { ...BORN, displayName: 'Copy' });
    const imported = await server.call('POST', `/api/children/${copy}/import`, { token: parent.token, body: { csv } });
    expect(imported.body).toMatchObject({ format: 'nightlight', rows: 2, entries: { tummyTime: 2 }, refused: [] });
    await server.server.projector.waitFor(imported.body.position, 2000);
    expect(rowsOf(await csvOf(copy))).toEqual(rowsOf(csv));
  });

  it('leaves for research as its times alone, never the milestone', async () => {
    const parent = await registerParent(server, 'tummy');
    // A year before the clock: inside the release, which ends 184 days before it on the shifted calendar, whatever the shift.
    const childId = await addChild(server, parent.token, { birthDate: '2025-09-01', researchConsent: true });
    const session = await server.call('POST', '/api/tummy-times', { token: parent.token, body: { childId, startedAt: '2025-11-10T09:00:00.000Z', endedAt: '2025-11-10T09:12:00.000Z', milestone: 'Rolled to Grandma Odile' } });
    expect(session.status).toBe(201);
    await server.server.projector.waitFor(Number(session.headers.get('x-event-position')), 2000);
    const text = await (await fetch(`${server.url}/api/research/events`, { headers: { authorization: `Bearer ${STATIC_TOKEN}` } })).text();
    const lines = text.trimEnd().split('\n').map((line) => JSON.parse(line));
    expect(lines.filter((line) => line.kind === 'tummyTime-logged')).toEqual([expect.objectContaining({ localTime: '09:00', durationMinutes: 12, solidAmount: null, temperatureC: null })]);
    expect(text).not.toMatch(/Odile|Rolled|milestone/i);
  });

  it('lets a caregiver log, and keeps every route from a stranger, and a session from another family, with 404 and nothing written', async () => {
    const { parent, caregiver, stranger, childId } = await familyWithCaregiver(server, 'tummy', BORN);
    const strangersChild = await addChild(server, stranger.token, BORN);

    const logged = await server.call('POST', '/api/tummy-times', { token: caregiver.token, body: { childId, startedAt: at(30), endedAt: at(25) } });
    expect(logged.status).toBe(201);
    const id = logged.body.id as string;
    expect((await server.call('GET', `/api/tummy-times/${id}`, { token: parent.token, headers: seen(logged) })).body).toMatchObject({ loggedBy: { memberId: caregiver.id } });
    const removed = await server.call('POST', '/api/tummy-times', { token: parent.token, body: { childId, startedAt: at(20), endedAt: at(15) } });
    expect((await server.call('DELETE', `/api/tummy-times/${removed.body.id}`, { token: parent.token })).status).toBe(200);

    const head = await server.server.adapters.eventStore.headPosition();
    const body = { childId, startedAt: at(12), endedAt: at(10) };
    for (const [method, path, payload, message] of [
      ['POST', '/api/tummy-times', body, 'Child not found'],
      ['PUT', `/api/tummy-times/${id}`, body, 'Child not found'],
      ['GET', `/api/tummy-times?childId=${childId}&date=2026-11-20`, undefined, 'Child not found'],
      ['GET', `/api/tummy-times/${id}`, undefined, 'Tummy time not found'],
      ['GET', `/api/tummy-times/${id}/history`, undefined, 'Tummy time not found'],
      ['DELETE', `/api/tummy-times/${id}`, undefined, 'Tummy time not found'],
      ['POST', `/api/tummy-times/${removed.body.id}/restore`, undefined, 'Tummy time not found'],
      // Another family's session, sent with the stranger's own child: still not theirs to see or change.
      ['PUT', `/api/tummy-times/${id}`, { ...body, childId: strangersChild }, 'Tummy time not found'],
    ] as const) {
      const answer = await server.call(method, path, { token: stranger.token, body: payload });
      expect([method, path, answer.status, answer.body.message]).toEqual([method, path, 404, message]);
    }
    expect(await server.server.adapters.eventStore.headPosition()).toBe(head);
  });
});
