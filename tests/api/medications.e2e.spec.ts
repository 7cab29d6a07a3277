import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '@nightlight/domain/exports/csv';
import { addChild, clockAt, familyWithCaregiver, FRIDAY_EVENING, minutesBefore, registerParent, seen } from './support/family';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Medications over HTTP: a dose of a medicine (its name sealed like the notes) in mL, mg, drops or
 * tablets; every refusal with its message and nothing written; the last one given; its history and
 * Undo; its CSV round trip; its research line; and who may see it (the family) and who may not (404).
 */

const NOW = FRIDAY_EVENING;
const STATIC_TOKEN = 'static-researcher-token-for-medications';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RESEARCH_TOKENS: STATIC_TOKEN, RESEARCH_MIN_CHILDREN: '1' }, { clock: clockAt(NOW) });
});
afterAll(() => server.close());

const at = (minutes: number) => minutesBefore(NOW, minutes);

describe('medications', () => {
  it('logs a dose, reads it back with its name opened, and answers the last one given', async () => {
    const parent = await registerParent(server, 'medications');
    const childId = await addChild(server, parent.token);
    const first = await server.call('POST', '/api/medications', { token: parent.token, body: { childId, occurredAt: at(600), name: 'Ibuprofen', dose: 50, doseUnit: 'mg' } });
    const logged = await server.call('POST', '/api/medications', { token: parent.token, body: { childId, occurredAt: at(190), name: ' Paracetamol ', dose: 2.5, doseUnit: 'mL', notes: 'Before bed' } });
    expect([first.status, logged.status]).toEqual([201, 201]);
    expect(logged.body).toMatchObject({
      childId,
      occurredAt: at(190),
      name: 'Paracetamol',
      dose: 2.5,
      doseUnit: 'mL',
      notes: 'Before bed',
      entry: { type: 'Medication', icon: '💊', amount: 'Paracetamol · 2.5 mL', duration: '-', datetime: '2026-11-20T14:50' },
    });
    const { position: _position, ...read } = logged.body;
    // The last one given, as the dashboard asks for it.
    const last = await server.call('GET', `/api/medications?childId=${childId}&limit=1`, { token: parent.token, headers: seen(logged) });
    expect(last.body).toEqual([read]);
    const day = await server.call('GET', `/api/medications?childId=${childId}&date=2026-11-20`, { token: parent.token });
    expect(day.body.map((dose: { name: string }) => dose.name)).toEqual(['Ibuprofen', 'Paracetamol']);
    expect((await server.call('GET', `/api/medications/${read.id}`, { token: parent.token })).body).toEqual(read);
    const events = await server.server.adapters.eventStore.readStream(`medication-${read.id}`);
    expect(JSON.stringify(events)).not.toMatch(/paracetamol|Before bed/i);
    // The report lists each medicine given, by name, with its doses and the last day one was given.
    const report = await server.call('GET', `/api/children/${childId}/report?from=2026-11-14&to=2026-11-20`, { token: parent.token });
    expect(report.body.medicines).toEqual([
      { name: 'Ibuprofen', doses: 1, lastDate: '2026-11-20' },
      { name: 'Paracetamol', doses: 1, lastDate: '2026-11-20' },
    ]);
  });

  it('writes one tablet and one drop in the singular', async () => {
    const parent = await registerParent(server, 'medications');
    const childId = await addChild(server, parent.token);
    const tablet = await server.call('POST', '/api/medications', { token: parent.token, body: { childId, occurredAt: at(5), name: 'Vitamin D', dose: 1, doseUnit: 'drops' } });
    expect(tablet.body.entry.amount).toBe('Vitamin D · 1 drop');
    const tablets = await server.call('POST', '/api/medications', { token: parent.token, body: { childId, occurredAt: at(4), name: 'Zinc', dose: 0.5, doseUnit: 'tablets' } });
    expect(tablets.body.entry.amount).toBe('Zinc · 0.5 tablets');
  });

  it('corrects a dose, says what changed, deletes it and brings it back with Undo', async () => {
    const parent = await registerParent(server, 'medications');
    const childId = await addChild(server, parent.token);
    const body = { childId, occurredAt: at(60), name: 'Amoxicillin', dose: 5, doseUnit: 'mL' };
    const logged = await server.call('POST', '/api/medications', { token: parent.token, body });
    const id = logged.body.id as string;
    const corrected = await server.call('PUT', `/api/medications/${id}`, { token: parent.token, body: { ...body, name: 'Amoxicillin 250', dose: 4 } });
    expect(corrected.body).toMatchObject({ id, name: 'Amoxicillin 250', dose: 4, entry: { amount: 'Amoxicillin 250 · 4 mL' } });
    const history = await server.call('GET', `/api/medications/${id}/history`, { token: parent.token, headers: seen(corrected) });
    expect(history.body.map((item: { action: string; changed: string[] }) => [item.action, item.changed])).toEqual([
      ['logged', []],
      ['corrected', ['dose']],
    ]);
    const deleted = await server.call('DELETE', `/api/medications/${id}`, { token: parent.token });
    const gone = await server.call('GET', `/api/medications/${id}`, { token: parent.token, headers: seen(deleted) });
    expect([gone.status, gone.body.message]).toEqual([404, 'Medication not found']);
    const restored = await server.call('POST', `/api/medications/${id}/restore`, { token: parent.token });
    expect(restored.body).toMatchObject({ id, name: 'Amoxicillin 250', dose: 4, doseUnit: 'mL' });
  });

  it.each([
    [{ occurredAt: undefined }, 'Date and time is required'],
    [{ occurredAt: '2026-11-20T18:10:00Z' }, 'Cannot select future date and time'],
    [{ occurredAt: '2026-04-30T12:00:00Z' }, 'Cannot select a date and time before the birth date'],
    [{ name: undefined }, 'Name is required'],
    [{ name: '  ' }, 'Name is required'],
    [{ name: 'x'.repeat(61) }, 'Name must be 60 characters or less'],
    [{ dose: undefined }, 'Dose must be a number'],
    [{ dose: 'two' }, 'Dose must be a number'],
    [{ dose: 0 }, 'Dose must be more than 0 and at most 1000'],
    [{ dose: -1 }, 'Dose must be more than 0 and at most 1000'],
    [{ dose: 1001 }, 'Dose must be more than 0 and at most 1000'],
    [{ doseUnit: undefined }, 'Dose unit must be mL, mg, drops or tablets'],
    [{ doseUnit: 'spoons' }, 'Dose unit must be mL, mg, drops or tablets'],
    [{ notes: 'x'.repeat(1001) }, 'Notes must be 1000 characters or less'],
    [{ childId: undefined }, 'childId is required'],
  ])('refuses %j with "%s" and writes nothing', async (changes, message) => {
    const parent = await registerParent(server, 'medications');
    const childId = await addChild(server, parent.token);
    const head = await server.server.adapters.eventStore.headPosition();
    const answer = await server.call('POST', '/api/medications', { token: parent.token, body: { childId, occurredAt: at(5), name: 'Paracetamol', dose: 2.5, doseUnit: 'mL', ...changes } });
    expect([answer.status, answer.body.message]).toEqual([400, message]);
    expect(await server.server.adapters.eventStore.headPosition()).toBe(head);
  });

  it('goes out in the CSV export and in again into another child, losing nothing', async () => {
    const parent = await registerParent(server, 'medications');
    const childId = await addChild(server, parent.token);
    await server.call('POST', '/api/medications', { token: parent.token, body: { childId, occurredAt: at(90), name: '+Calpol, "strawberry"', dose: 2.5, doseUnit: 'mL', notes: 'Teething' } });
    const last = await server.call('POST', '/api/medications', { token: parent.token, body: { childId, occurredAt: at(30), name: 'Vitamin D', dose: 1, doseUnit: 'drops' } });
    await server.server.projector.waitFor(Number(last.headers.get('x-event-position')), 2000);
    const csvOf = async (id: string) => (await fetch(`${server.url}/api/children/${id}/export.csv`, { headers: { authorization: `Bearer ${parent.token}` } })).text();
    const rowsOf = (csv: string) => {
      const [header, ...rows] = parseCsv(csv);
      return rows.map(({ cells }) => {
        const row = Object.fromEntries(header!.cells.map((column, index) => [column, cells[index] ?? '']));
        return { kind: row['kind'], started_utc: row['started_utc'], name: row['medication_name'], dose: row['medication_dose'], unit: row['medication_dose_unit'], notes: row['notes'] };
      });
    };
    const csv = await csvOf(childId);
    expect(rowsOf(csv)).toEqual([
      { kind: 'medication', started_utc: at(90), name: "'+Calpol, \"strawberry\"", dose: '2.5', unit: 'mL', notes: 'Teething' },
      { kind: 'medication', started_utc: at(30), name: 'Vitamin D', dose: '1', unit: 'drops', notes: '' },
    ]);
    const copy = await addChild(server, parent.token, { displayName: 'Copy' });
    const imported = await server.call('POST', `/api/children/${copy}/import`, { token: parent.token, body: { csv } });
    expect(imported.body).toMatchObject({ format: 'nightlight', rows: 2, entries: { medication: 2 }, refused: [] });
    await server.server.projector.waitFor(imported.body.position, 2000);
    expect(rowsOf(await csvOf(copy))).toEqual(rowsOf(csv));
    const doses = await server.call('GET', `/api/medications?childId=${copy}&date=2026-11-20`, { token: parent.token });
    expect(doses.body.map((dose: { name: string }) => dose.name)).toEqual(['+Calpol, "strawberry"', 'Vitamin D']);
  });

  it('leaves for research as the fact that a medicine was given, and when: never its name, dose or unit', async () => {
    const parent = await registerParent(server, 'medications');
    // A year before the clock: inside the release, which ends 184 days before it on the shifted calendar, whatever the shift.
    const childId = await addChild(server, parent.token, { birthDate: '2025-05-01', researchConsent: true });
    const dose = await server.call('POST', '/api/medications', { token: parent.token, body: { childId, occurredAt: '2025-11-10T07:30:00.000Z', name: 'Amoxicillin', dose: 3.5, doseUnit: 'mL', notes: 'Ear infection' } });
    expect(dose.status).toBe(201);
    await server.server.projector.waitFor(Number(dose.headers.get('x-event-position')), 2000);
    const response = await fetch(`${server.url}/api/research/events`, { headers: { authorization: `Bearer ${STATIC_TOKEN}` } });
    expect(response.status).toBe(200);
    const text = await response.text();
    const lines = text.trimEnd().split('\n').map((line) => JSON.parse(line));
    expect(lines.filter((line) => line.kind === 'medication-logged')).toEqual([expect.objectContaining({ localTime: '07:30', shiftedEndAt: null, durationMinutes: null, solidAmount: null, amountOz: null })]);
    expect(text).not.toMatch(/Amoxicillin|infection|3\.5|"mL"|dose/i);
  });

  it('lets a caregiver log, and keeps every route from a stranger, and a dose from another family, with 404 and nothing written', async () => {
    const { parent, caregiver, stranger, childId } = await familyWithCaregiver(server, 'medications');
    const strangersChild = await addChild(server, stranger.token);

    const logged = await server.call('POST', '/api/medications', { token: caregiver.token, body: { childId, occurredAt: at(20), name: 'Paracetamol', dose: 2.5, doseUnit: 'mL' } });
    expect(logged.status).toBe(201);
    const id = logged.body.id as string;
    expect((await server.call('GET', `/api/medications/${id}`, { token: parent.token, headers: seen(logged) })).body).toMatchObject({ name: 'Paracetamol', loggedBy: { memberId: caregiver.id } });
    const removed = await server.call('POST', '/api/medications', { token: parent.token, body: { childId, occurredAt: at(19), name: 'Ibuprofen', dose: 50, doseUnit: 'mg' } });
    expect((await server.call('DELETE', `/api/medications/${removed.body.id}`, { token: parent.token })).status).toBe(200);

    const head = await server.server.adapters.eventStore.headPosition();
    const body = { childId, occurredAt: at(10), name: 'Paracetamol', dose: 2.5, doseUnit: 'mL' };
    for (const [method, path, payload, message] of [
      ['POST', '/api/medications', body, 'Child not found'],
      ['PUT', `/api/medications/${id}`, body, 'Child not found'],
      ['GET', `/api/medications?childId=${childId}&limit=1`, undefined, 'Child not found'],
      ['GET', `/api/medications/${id}`, undefined, 'Medication not found'],
      ['GET', `/api/medications/${id}/history`, undefined, 'Medication not found'],
      ['DELETE', `/api/medications/${id}`, undefined, 'Medication not found'],
      ['POST', `/api/medications/${removed.body.id}/restore`, undefined, 'Medication not found'],
      // Another family's dose, sent with the stranger's own child: still not theirs to see or change.
      ['PUT', `/api/medications/${id}`, { ...body, childId: strangersChild }, 'Medication not found'],
    ] as const) {
      const answer = await server.call(method, path, { token: stranger.token, body: payload });
      expect([method, path, answer.status, answer.body.message]).toEqual([method, path, 404, message]);
    }
    expect(await server.server.adapters.eventStore.headPosition()).toBe(head);
  });
});
