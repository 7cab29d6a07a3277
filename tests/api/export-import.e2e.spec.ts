import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '@nightlight/domain/exports/csv';
import { addChild, clockAt, FRIDAY_EVENING, registerParent, type Parent } from './support/family';
import { startTestServer, type TestServer } from './support/test-server';

/** A child's history out as CSV and in again, Baby Buddy's exports in, and the account's own export. */

const NOW = FRIDAY_EVENING;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { clock: clockAt(NOW) });
});
afterAll(() => server.close());

const call = async (member: Parent, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  server.call(method, path, { token: await server.server.adapters.tokens.issueAccessToken(member.id), body, headers });

async function settle(): Promise<void> {
  await server.server.projector.waitFor(await server.server.adapters.eventStore.headPosition(), 2000);
}

/** Robin, born 1 September 2026 in New York, once the read models know her. */
async function addSettledChild(parent: Parent, displayName = 'Robin'): Promise<string> {
  const childId = await addChild(server, parent.token, { displayName, birthDate: '2026-09-01', timezone: 'America/New_York' });
  await settle();
  return childId;
}

async function exportCsv(member: Parent, childId: string): Promise<{ status: number; headers: Headers; text: string }> {
  await settle();
  const response = await fetch(`${server.url}/api/children/${childId}/export.csv`, { headers: { authorization: `Bearer ${await server.server.adapters.tokens.issueAccessToken(member.id)}` } });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** The export's rows by column, without the entry ids (a new child's entries have new ones). */
function rowsOf(csv: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(csv);
  return rows.map(({ cells }) => {
    const row = Object.fromEntries(header!.cells.map((column, index) => [column, cells[index] ?? '']));
    delete row['id'];
    return row;
  });
}

describe('the CSV export and its import', () => {
  it('writes every entry with local and UTC times in the reader’s units, and imports into a new child losing nothing', async () => {
    const parent = await registerParent(server, 'export');
    await call(parent, 'PATCH', '/api/me', { units: { volume: 'oz', growth: 'imperial' } });
    const childId = await addSettledChild(parent);
    const log = async (path: string, body: object) => expect((await call(parent, 'POST', path, { childId, ...body })).status).toBe(201);
    await log('/api/feedings', { startedAt: '2026-11-19T12:00:00Z', endedAt: '2026-11-19T12:20:00Z', method: 'Bottle', amountMl: 120, type: 'Formula', notes: 'Took it all, then "burped"' });
    await log('/api/feedings', { startedAt: '2026-11-19T15:00:00Z', endedAt: '2026-11-19T15:27:00Z', method: 'Nursing', sides: { leftMinutes: 19, rightMinutes: 8 }, notes: '=SUM(A1)' });
    await log('/api/sleep', { startedAt: '2026-11-19T17:00:00Z', endedAt: '2026-11-19T18:30:00Z', environment: { roomTemp: 70, whiteNoise: true, sleepSackTag: 'TOG 1.0, green' }, notes: 'Line one\nline two' });
    await log('/api/diapers', { occurredAt: '2026-11-19T19:00:00Z', contents: 'both', color: 'yellow' });
    await log('/api/pumpings', { startedAt: '2026-11-19T20:00:00Z', durationMinutes: 15, leftAmount: 60, rightAmount: 45, unit: 'mL' });

    const exported = await exportCsv(parent, childId);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(exported.headers.get('content-disposition')).toBe('attachment; filename="entries-2026-11-20.csv"');
    const rows = rowsOf(exported.text);
    expect(rows.map((row) => row['kind'])).toEqual(['feeding', 'feeding', 'sleep', 'diaper', 'pumping']);
    // 07:00 in New York; 120 mL read in ounces by a reader who chose them, and kept as entered.
    expect(rows[0]).toMatchObject({
      started_local: '2026-11-19 07:00',
      ended_local: '2026-11-19 07:20',
      started_utc: '2026-11-19T12:00:00.000Z',
      timezone: 'America/New_York',
      method: 'Bottle',
      feeding_type: 'Formula',
      amount: '4.1',
      amount_unit: 'oz',
      amount_as_entered: '120',
      unit_as_entered: 'mL',
      notes: 'Took it all, then "burped"',
      logged_by: 'Member 1',
    });
    // A note a spreadsheet would run as a formula is written as text.
    expect(rows[1]).toMatchObject({ method: 'Nursing', left_minutes: '19', right_minutes: '8', notes: "'=SUM(A1)" });
    expect(rows[2]).toMatchObject({ room_temp_f: '70', white_noise: 'yes', sleep_sack: 'TOG 1.0, green', notes: 'Line one\nline two' });
    expect(rows[3]).toMatchObject({ started_local: '2026-11-19 14:00', diaper_contents: 'both', diaper_color: 'yellow' });
    expect(rows[4]).toMatchObject({ duration_minutes: '15', pumped_left: '60', pumped_right: '45', pumped_unit: 'mL' });

    const copy = await addSettledChild(parent, 'Robin again');
    const preview = await call(parent, 'POST', `/api/children/${copy}/import/preview`, { csv: exported.text });
    expect(preview.status).toBe(200);
    const expected = {
      format: 'nightlight',
      rows: 5,
      entries: { feeding: 2, sleep: 1, diaper: 1, pumping: 1, solid: 0, medication: 0, temperature: 0, tummyTime: 0 },
      measurements: 0,
      alreadyImported: 0,
      from: '2026-11-19',
      to: '2026-11-19',
      refused: [],
      children: [],
      child: null,
      growthUnits: null,
    };
    expect(preview.body).toEqual(expected);
    await settle();
    expect((await exportCsv(parent, copy)).text.split('\r\n')).toHaveLength(2);

    const key = { 'idempotency-key': randomUUID() };
    const imported = await call(parent, 'POST', `/api/children/${copy}/import`, { csv: exported.text }, key);
    expect(imported.status).toBe(200);
    expect(imported.body).toEqual({ ...expected, position: expect.any(Number) });
    expect(rowsOf((await exportCsv(parent, copy)).text)).toEqual(rows);

    // The same request again answers as the first time; the same file again, or into the child it
    // came from, logs nothing twice.
    const repeated = await call(parent, 'POST', `/api/children/${copy}/import`, { csv: exported.text }, key);
    expect(repeated.body).toEqual(imported.body);
    const again = await call(parent, 'POST', `/api/children/${copy}/import`, { csv: exported.text });
    expect(again.body).toMatchObject({ entries: { feeding: 0, sleep: 0, diaper: 0, pumping: 0, solid: 0, medication: 0, temperature: 0, tummyTime: 0 }, alreadyImported: 5, refused: [] });
    const home = await call(parent, 'POST', `/api/children/${childId}/import/preview`, { csv: exported.text });
    expect(home.body).toMatchObject({ entries: { feeding: 0, sleep: 0, diaper: 0, pumping: 0, solid: 0, medication: 0, temperature: 0, tummyTime: 0 }, alreadyImported: 5 });
    expect(rowsOf((await exportCsv(parent, copy)).text)).toHaveLength(5);
  });

  it('refuses a file it cannot read, and shows nobody else a child’s export or import', async () => {
    const parent = await registerParent(server, 'export');
    const stranger = await registerParent(server, 'export');
    const childId = await addSettledChild(parent);
    const unknown = await call(parent, 'POST', `/api/children/${childId}/import/preview`, { csv: 'date,what\n2026-11-19,bottle\n' });
    expect([unknown.status, unknown.body.message]).toEqual([
      400,
      "The file's columns are not those of an export of this app, nor of Baby Buddy's feedings, sleep, diaper changes, pumping, temperature, tummy time, weight, height or head circumference",
    ]);
    const open = await call(parent, 'POST', `/api/children/${childId}/import/preview`, { csv: 'kind,started_utc,ended_utc,id\n"feeding,x' });
    expect([open.status, open.body.message]).toEqual([400, 'Line 2: a quoted field is not closed']);
    expect((await call(parent, 'POST', `/api/children/${childId}/import`, {})).body.message).toBe('csv or xlsx is required: the text of a CSV file, or an XLSX file in base64');
    expect((await exportCsv(stranger, childId)).status).toBe(404);
    const theirs = await call(stranger, 'POST', `/api/children/${childId}/import`, { csv: 'kind,started_utc,ended_utc,id\n' });
    expect([theirs.status, theirs.body.message]).toEqual([404, 'Child not found']);
  });
});

describe("Baby Buddy's exports", () => {
  // Built from the columns Baby Buddy's admin export writes (id, child, the model's fields, notes):
  // times in the server's zone without an offset, booleans as 1/0 or True/False, amounts without a unit.
  const feedings = [
    'id,child_id,child_first_name,child_last_name,start,end,type,method,amount,notes',
    '101,1,Robin,Lee,2026-11-18 07:00:00,2026-11-18 07:20:00,formula,bottle,4,',
    '102,1,Robin,Lee,2026-11-18 10:00:00,2026-11-18 10:15:00,breast milk,right breast,,"Fussy, then calm"',
    '103,1,Robin,Lee,2026-11-18 13:00:00,2026-11-18 13:12:00,fortified breast milk,both breasts,,',
    '104,1,Robin,Lee,2026-11-18 16:00:00,2026-11-18 16:20:00,formula,bottle,,',
    '105,1,Robin,Lee,2026-11-18 18:00:00,2026-11-18 18:10:00,solid food,parent fed,,',
    '106,1,Robin,Lee,2026-11-18 19:00:00,2026-11-18 19:15:00,formula,bottle,3.4,',
    '107,1,Robin,Lee,2026-11-18 07:10:00,2026-11-18 07:30:00,breast milk,left breast,,',
  ].join('\n');
  const sleep = [
    'id,child_id,child_first_name,child_last_name,start,end,nap,notes',
    '201,1,Robin,Lee,2026-11-17 19:30:00,2026-11-18 05:45:00,0,',
    '202,1,Robin,Lee,2026-11-18 08:30:00,2026-11-18 09:40:00,1,Short nap',
    '203,1,Robin,Lee,2026-11-18 12:00:00,2026-11-19 13:00:00,1,',
  ].join('\n');
  const diaperChanges = [
    'id,child_id,child_first_name,child_last_name,time,wet,solid,color,amount,notes',
    '301,1,Robin,Lee,2026-11-18 07:25:00,1,0,,,',
    '302,1,Robin,Lee,2026-11-18 11:00:00,1,1,yellow,,',
    '303,1,Robin,Lee,2026-11-18 15:00:00,0,1,green,2.5,',
    '304,1,Robin,Lee,2026-11-18 17:00:00,1,0,brown,,',
    '305,1,Robin,Lee,2026-11-18 20:00:00,True,False,,,',
  ].join('\n');

  it("refuses a row dated before the child's birth, in the preview and the import, and writes nothing of it", async () => {
    const parent = await registerParent(server, 'export');
    const childId = await addSettledChild(parent);
    const early = [
      'id,child_id,child_first_name,child_last_name,time,wet,solid,color,amount,notes',
      '401,1,Robin,Lee,2026-08-31 23:50:00,1,0,,,',
      '402,1,Robin,Lee,2026-09-01 00:10:00,1,0,,,',
    ].join('\n');
    const refused = [{ line: 2, message: 'Cannot select a date and time before the birth date' }];
    expect((await call(parent, 'POST', `/api/children/${childId}/import/preview`, { csv: early })).body).toMatchObject({ entries: { diaper: 1 }, refused });
    expect((await call(parent, 'POST', `/api/children/${childId}/import`, { csv: early })).body).toMatchObject({ entries: { diaper: 1 }, refused });
    await settle();
    expect((await call(parent, 'GET', `/api/diapers?childId=${childId}&date=2026-08-31`)).body).toEqual([]);
    expect((await call(parent, 'GET', `/api/diapers?childId=${childId}&date=2026-09-01`)).body).toHaveLength(1);
  });

  it('imports feedings, sleep and diaper changes with the expected counts and refusals, read in the child’s zone, amounts and notes as the file has them, and nothing twice', async () => {
    const parent = await registerParent(server, 'export');
    const childId = await addSettledChild(parent);
    const preview = await call(parent, 'POST', `/api/children/${childId}/import/preview`, { csv: feedings, amountUnit: 'oz' });
    expect(preview.body).toEqual({
      format: 'babybuddy-feedings',
      rows: 7,
      entries: { feeding: 4, sleep: 0, diaper: 0, pumping: 0, solid: 0, medication: 0, temperature: 0, tummyTime: 0 },
      measurements: 0,
      alreadyImported: 0,
      from: '2026-11-18',
      to: '2026-11-18',
      refused: [
        { line: 5, message: 'Amount is required for bottle feeding' },
        { line: 6, message: 'A solid-food feeding of Baby Buddy names no food: log it under Solids' },
        { line: 8, message: 'This overlaps a feeding already logged for this child (line 2)' },
      ],
      children: [{ id: '1', name: 'Robin Lee', rows: 7 }],
      child: '1',
      growthUnits: null,
    });
    const imported = await call(parent, 'POST', `/api/children/${childId}/import`, { csv: feedings, amountUnit: 'oz' });
    expect(imported.body).toEqual({ ...preview.body, position: expect.any(Number) });

    await settle();
    const logged = (await call(parent, 'GET', `/api/feedings?childId=${childId}&date=2026-11-18`)).body;
    // 07:00 in New York is 12:00 UTC.
    expect(logged).toMatchObject([
      { startedAt: '2026-11-18T12:00:00.000Z', endedAt: '2026-11-18T12:20:00.000Z', method: 'Bottle', type: 'Formula', amountOz: 4, sides: null },
      { startedAt: '2026-11-18T15:00:00.000Z', method: 'Nursing', sides: { leftMinutes: 0, rightMinutes: 15 }, notes: 'Fussy, then calm' },
      // No notes in the file: none here either ('Nursing feeding' is what a dialog saves for none).
      { startedAt: '2026-11-18T18:00:00.000Z', method: 'Nursing', sides: null, notes: '' },
      // 3.4 oz, off the dialog's quarter-ounce steps, as entered.
      { startedAt: '2026-11-19T00:00:00.000Z', method: 'Bottle', type: 'Formula', amountOz: 3.4, notes: '' },
    ]);

    const sleeps = await call(parent, 'POST', `/api/children/${childId}/import`, { csv: sleep });
    expect(sleeps.body).toMatchObject({
      format: 'babybuddy-sleep',
      entries: { sleep: 2 },
      from: '2026-11-17',
      to: '2026-11-18',
      refused: [{ line: 4, message: 'Duration can be at most 1440 minutes' }],
    });
    const diapers = await call(parent, 'POST', `/api/children/${childId}/import`, { csv: diaperChanges });
    expect(diapers.body).toMatchObject({ format: 'babybuddy-diaper-changes', entries: { diaper: 4 }, refused: [{ line: 5, message: 'Color applies to dirty diapers only' }] });
    await settle();
    const changes = (await call(parent, 'GET', `/api/diapers?childId=${childId}&date=2026-11-18`)).body as { contents: string; color: string | null }[];
    expect(changes.map(({ contents, color }) => [contents, color])).toEqual([
      ['wet', null],
      ['both', 'yellow'],
      ['dirty', 'green'],
      ['wet', null],
    ]);

    const again = await call(parent, 'POST', `/api/children/${childId}/import`, { csv: feedings, amountUnit: 'oz' });
    expect(again.body).toMatchObject({ entries: { feeding: 0 }, alreadyImported: 4 });
  });
});

describe('the account export', () => {
  it('gives the account, its settings, and each child it is a parent of with its entries and growth, as JSON', async () => {
    const parent = await registerParent(server, 'export');
    await call(parent, 'PATCH', '/api/me', { displayName: 'Sam', units: { volume: 'mL', growth: 'metric' } });
    const childId = await addSettledChild(parent);
    expect((await call(parent, 'POST', '/api/feedings', { childId, startedAt: '2026-11-19T12:00:00Z', method: 'Bottle', amountMl: 90 })).status).toBe(201);
    expect((await call(parent, 'POST', '/api/growth', { childId, measuredOn: '2026-11-15', weightKg: 5.2 })).status).toBe(201);
    await settle();
    const response = await fetch(`${server.url}/api/me/export`, { headers: { authorization: `Bearer ${await server.server.adapters.tokens.issueAccessToken(parent.id)}` } });
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="nightlight-export-2026-11-20.json"');
    const exported = await response.json();
    expect(exported).toMatchObject({
      format: 'nightlight-account-export',
      version: 1,
      exportedAt: '2026-11-20T18:00:00.000Z',
      account: { id: parent.id, email: parent.email, displayName: 'Sam', units: { volume: 'mL', growth: 'metric' } },
      caregiverOf: [],
      children: [
        {
          child: { id: childId, displayName: 'Robin', birthDate: '2026-09-01', role: 'parent' },
          entries: [{ kind: 'feeding', startedAt: '2026-11-19T12:00:00.000Z', amountMl: 90, enteredAmount: { value: 90, unit: 'mL' } }],
          growth: [{ measuredOn: '2026-11-15', weightKg: 5.2 }],
        },
      ],
    });
    expect(exported.account.referralCode).toBeUndefined();
  });
});
