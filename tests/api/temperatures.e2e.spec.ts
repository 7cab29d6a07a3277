import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '@nightlight/domain/exports/csv';
import { addChild, clockAt, familyWithCaregiver, FRIDAY_EVENING, minutesBefore, registerParent, seen } from './support/family';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Temperatures over HTTP: a reading in °C or °F, kept as entered and read in the reader's scale,
 * with how it was taken and the AAP's guidance for the child's age; every refusal with its message
 * and nothing written; its history and Undo; its CSV round trip; its research line; and who may see
 * it (the family) and who may not (404).
 */

const NOW = FRIDAY_EVENING;
const STATIC_TOKEN = 'static-researcher-token-for-temperatures';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RESEARCH_TOKENS: STATIC_TOKEN, RESEARCH_MIN_CHILDREN: '1' }, { clock: clockAt(NOW) });
});
afterAll(() => server.close());

const at = (minutes: number) => minutesBefore(NOW, minutes);
// Born 1 October 2026: 7 weeks old on the 20th, under 3 months.
const BORN = { birthDate: '2026-10-01' };

const units = (token: string, growth: 'metric' | 'imperial') => server.call('PATCH', '/api/me', { token, body: { units: { volume: growth === 'metric' ? 'mL' : 'oz', growth } } });

describe('temperatures', () => {
  it('keeps a reading as entered, answers it in both scales, and reads its line in the reader’s', async () => {
    const parent = await registerParent(server, 'temperatures');
    const childId = await addChild(server, parent.token, BORN);
    const imperial = await units(parent.token, 'imperial');
    expect(imperial.status).toBe(200);
    // The answer is written in the writer's units: a write carrying the change's position waits for it.
    const logged = await server.call('POST', '/api/temperatures', { token: parent.token, body: { childId, occurredAt: at(30), temperatureC: 37.2, method: 'armpit' }, headers: seen(imperial) });
    expect(logged.status).toBe(201);
    expect(logged.body).toMatchObject({
      occurredAt: at(30),
      temperature: 37.2,
      unit: 'C',
      method: 'armpit',
      temperatureC: 37.2,
      temperatureF: 99,
      guidance: null,
      notes: '',
      entry: { type: 'Temperature', icon: '🌡️', amount: '99 °F · armpit', duration: '-' },
    });
    expect((await units(parent.token, 'metric')).status).toBe(200);
    const read = await server.call('GET', `/api/temperatures/${logged.body.id}`, { token: parent.token, headers: seen(logged) });
    expect(read.body.entry.amount).toBe('37.2 °C · armpit');
    const list = await server.call('GET', `/api/temperatures?childId=${childId}&date=2026-11-20`, { token: parent.token });
    expect(list.body).toEqual([read.body]);
  });

  it("answers a fever with the AAP's guidance for the child's age, with its source", async () => {
    const parent = await registerParent(server, 'temperatures');
    const newborn = await addChild(server, parent.token, BORN);
    const older = await addChild(server, parent.token, { birthDate: '2026-04-01' });
    const log = async (childId: string, reading: object) =>
      (await server.call('POST', '/api/temperatures', { token: parent.token, body: { childId, occurredAt: at(5), method: 'rectal', ...reading } })).body.guidance;
    expect(await log(newborn, { temperatureF: 100.4 })).toEqual({
      message: 'Call your pediatrician',
      reason: 'A fever of 100.4 °F (38 °C) or more under 3 months of age: call at once, day or night.',
      source: {
        title: 'American Academy of Pediatrics, HealthyChildren.org, “When to Call the Pediatrician: Fever”',
        url: 'https://www.healthychildren.org/English/health-issues/conditions/fever/Pages/When-to-Call-the-Pediatrician.aspx',
      },
    });
    expect(await log(newborn, { temperatureC: 37.9 })).toBeNull();
    // Seven months old: not before 39.4 °C.
    expect(await log(older, { temperatureC: 39.3 })).toBeNull();
    expect(await log(older, { temperatureC: 39.4 })).toMatchObject({ reason: 'A fever of 103 °F (39.4 °C) or more from 6 months of age.' });
    // The report: two readings of the newborn's, the highest 100.4 °F (38 °C).
    const report = await server.call('GET', `/api/children/${newborn}/report?from=2026-11-20&to=2026-11-20`, { token: parent.token });
    expect(report.body.temperatures).toEqual({ readings: 2, highestC: 38, highestF: 100.4, highestDate: '2026-11-20' });
  });

  it('corrects a reading, says what changed, deletes it and brings it back with Undo', async () => {
    const parent = await registerParent(server, 'temperatures');
    const childId = await addChild(server, parent.token, BORN);
    const body = { childId, occurredAt: at(60), temperatureC: 37.5, method: 'ear' };
    const logged = await server.call('POST', '/api/temperatures', { token: parent.token, body });
    const id = logged.body.id as string;
    const corrected = await server.call('PUT', `/api/temperatures/${id}`, { token: parent.token, body: { ...body, temperatureC: 38.1, method: 'rectal' } });
    expect(corrected.body).toMatchObject({ id, temperature: 38.1, method: 'rectal', guidance: { message: 'Call your pediatrician' } });
    const history = await server.call('GET', `/api/temperatures/${id}/history`, { token: parent.token, headers: seen(corrected) });
    expect(history.body.map((item: { action: string; changed: string[] }) => [item.action, item.changed])).toEqual([
      ['logged', []],
      ['corrected', ['method', 'temperature']],
    ]);
    const deleted = await server.call('DELETE', `/api/temperatures/${id}`, { token: parent.token });
    const gone = await server.call('GET', `/api/temperatures/${id}`, { token: parent.token, headers: seen(deleted) });
    expect([gone.status, gone.body.message]).toEqual([404, 'Temperature not found']);
    const restored = await server.call('POST', `/api/temperatures/${id}/restore`, { token: parent.token });
    expect(restored.body).toMatchObject({ id, temperature: 38.1, unit: 'C', method: 'rectal' });
  });

  it.each([
    [{ occurredAt: undefined }, 'Date and time is required'],
    [{ occurredAt: '2026-11-20T18:10:00Z' }, 'Cannot select future date and time'],
    [{ occurredAt: '2026-09-30T12:00:00Z' }, 'Cannot select a date and time before the birth date'],
    [{ temperatureC: undefined }, 'Temperature is required'],
    [{ temperatureF: 100.4 }, 'Send temperatureC or temperatureF, not both'],
    [{ temperatureC: 'warm' }, 'Temperature must be a number'],
    [{ temperatureC: 33.9 }, 'Temperature must be between 34 and 43 °C'],
    [{ temperatureC: 43.1 }, 'Temperature must be between 34 and 43 °C'],
    [{ temperatureC: undefined, temperatureF: 110 }, 'Temperature must be between 93.2 and 109.4 °F'],
    [{ temperatureC: 38.25 }, 'Temperature must be in tenths of a degree'],
    [{ method: undefined }, 'Method must be rectal, armpit, ear, forehead or oral'],
    [{ method: 'mouth' }, 'Method must be rectal, armpit, ear, forehead or oral'],
    [{ notes: 'x'.repeat(1001) }, 'Notes must be 1000 characters or less'],
    [{ childId: undefined }, 'childId is required'],
  ])('refuses %j with "%s" and writes nothing', async (changes, message) => {
    const parent = await registerParent(server, 'temperatures');
    const childId = await addChild(server, parent.token, BORN);
    const head = await server.server.adapters.eventStore.headPosition();
    const answer = await server.call('POST', '/api/temperatures', { token: parent.token, body: { childId, occurredAt: at(5), temperatureC: 37.5, method: 'ear', ...changes } });
    expect([answer.status, answer.body.message]).toEqual([400, message]);
    expect(await server.server.adapters.eventStore.headPosition()).toBe(head);
  });

  it('goes out in the CSV export as entered and in again into another child, losing nothing', async () => {
    const parent = await registerParent(server, 'temperatures');
    const childId = await addChild(server, parent.token, BORN);
    await server.call('POST', '/api/temperatures', { token: parent.token, body: { childId, occurredAt: at(90), temperatureF: 100.8, method: 'rectal', notes: 'After the jab' } });
    const last = await server.call('POST', '/api/temperatures', { token: parent.token, body: { childId, occurredAt: at(30), temperatureC: 37.4, method: 'forehead' } });
    await server.server.projector.waitFor(Number(last.headers.get('x-event-position')), 2000);
    const csvOf = async (id: string) => (await fetch(`${server.url}/api/children/${id}/export.csv`, { headers: { authorization: `Bearer ${parent.token}` } })).text();
    const rowsOf = (csv: string) => {
      const [header, ...rows] = parseCsv(csv);
      return rows.map(({ cells }) => {
        const row = Object.fromEntries(header!.cells.map((column, index) => [column, cells[index] ?? '']));
        return { kind: row['kind'], started_utc: row['started_utc'], temperature: row['temperature'], unit: row['temperature_unit'], method: row['temperature_method'], notes: row['notes'] };
      });
    };
    const csv = await csvOf(childId);
    expect(rowsOf(csv)).toEqual([
      { kind: 'temperature', started_utc: at(90), temperature: '100.8', unit: 'F', method: 'rectal', notes: 'After the jab' },
      { kind: 'temperature', started_utc: at(30), temperature: '37.4', unit: 'C', method: 'forehead', notes: '' },
    ]);
    const copy = await addChild(server, parent.token, { ...BORN, displayName: 'Copy' });
    const imported = await server.call('POST', `/api/children/${copy}/import`, { token: parent.token, body: { csv } });
    expect(imported.body).toMatchObject({ format: 'nightlight', rows: 2, entries: { temperature: 2 }, refused: [] });
    await server.server.projector.waitFor(imported.body.position, 2000);
    expect(rowsOf(await csvOf(copy))).toEqual(rowsOf(csv));
  });

  it('leaves for research in °C to a tenth and how it was taken, never the scale it was entered in', async () => {
    const parent = await registerParent(server, 'temperatures');
    // A year before the clock: inside the release, which ends 184 days before it on the shifted calendar, whatever the shift.
    const childId = await addChild(server, parent.token, { birthDate: '2025-05-01', researchConsent: true });
    const reading = await server.call('POST', '/api/temperatures', { token: parent.token, body: { childId, occurredAt: '2025-11-10T07:30:00.000Z', temperatureF: 101.3, method: 'ear', notes: 'Teething' } });
    expect(reading.status).toBe(201);
    await server.server.projector.waitFor(Number(reading.headers.get('x-event-position')), 2000);
    const response = await fetch(`${server.url}/api/research/events`, { headers: { authorization: `Bearer ${STATIC_TOKEN}` } });
    const text = await response.text();
    const lines = text.trimEnd().split('\n').map((line) => JSON.parse(line));
    // 101.3 °F is 38.5 °C.
    expect(lines.filter((line) => line.kind === 'temperature-logged')).toEqual([expect.objectContaining({ localTime: '07:30', shiftedEndAt: null, temperatureC: 38.5, temperatureMethod: 'ear' })]);
    expect(text).not.toMatch(/101\.3|Teething|"F"/);
  });

  it('lets a caregiver log, and keeps every route from a stranger, and a reading from another family, with 404 and nothing written', async () => {
    const { parent, caregiver, stranger, childId } = await familyWithCaregiver(server, 'temperatures', BORN);
    const strangersChild = await addChild(server, stranger.token, BORN);

    const logged = await server.call('POST', '/api/temperatures', { token: caregiver.token, body: { childId, occurredAt: at(20), temperatureC: 37, method: 'oral' } });
    expect(logged.status).toBe(201);
    const id = logged.body.id as string;
    expect((await server.call('GET', `/api/temperatures/${id}`, { token: parent.token, headers: seen(logged) })).body).toMatchObject({ loggedBy: { memberId: caregiver.id } });
    const removed = await server.call('POST', '/api/temperatures', { token: parent.token, body: { childId, occurredAt: at(19), temperatureC: 37.1, method: 'ear' } });
    expect((await server.call('DELETE', `/api/temperatures/${removed.body.id}`, { token: parent.token })).status).toBe(200);

    const head = await server.server.adapters.eventStore.headPosition();
    const body = { childId, occurredAt: at(10), temperatureC: 37, method: 'ear' };
    for (const [method, path, payload, message] of [
      ['POST', '/api/temperatures', body, 'Child not found'],
      ['PUT', `/api/temperatures/${id}`, body, 'Child not found'],
      ['GET', `/api/temperatures?childId=${childId}&date=2026-11-20`, undefined, 'Child not found'],
      ['GET', `/api/temperatures/${id}`, undefined, 'Temperature not found'],
      ['GET', `/api/temperatures/${id}/history`, undefined, 'Temperature not found'],
      ['DELETE', `/api/temperatures/${id}`, undefined, 'Temperature not found'],
      ['POST', `/api/temperatures/${removed.body.id}/restore`, undefined, 'Temperature not found'],
      // Another family's reading, sent with the stranger's own child: still not theirs to see or change.
      ['PUT', `/api/temperatures/${id}`, { ...body, childId: strangersChild }, 'Temperature not found'],
    ] as const) {
      const answer = await server.call(method, path, { token: stranger.token, body: payload });
      expect([method, path, answer.status, answer.body.message]).toEqual([method, path, 404, message]);
    }
    expect(await server.server.adapters.eventStore.headPosition()).toBe(head);
  });
});
