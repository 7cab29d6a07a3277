import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandDeps } from '@nightlight/command-api/command-deps';
import { entryWrites } from '@nightlight/command-api/commands/entry-writes';
import { entryKind } from '@nightlight/domain/entries/all-entry-kinds';
import { ENTRY_KIND_NAMES } from '@nightlight/domain/entries/entry-kinds';
import { nameBasedIds } from '@nightlight/infrastructure/ids/name-based-id';
import { newId } from '@nightlight/infrastructure/ids/new-id';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Baby Buddy's export files as its export resources write them (`core/admin.py`: id, child_id,
 * child_first_name, child_last_name, the model's fields, tags) and its own test files
 * (`core/tests/import/*.csv`), imported with each expected entry written out by hand.
 */

const NOW = Date.parse('2026-11-20T18:00:00Z');
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { clock: () => new Date(NOW) });
});
afterAll(() => server.close());

const fixture = (name: string) => readFileSync(new URL(`../fixtures/babybuddy/${name}`, import.meta.url));
const csv = (name: string) => fixture(name).toString('utf8');

async function parentWithChild(birthDate = '2026-09-01'): Promise<{ token: string; childId: string; userId: string }> {
  const email = `babybuddy-${randomUUID().slice(0, 8)}@example.com`;
  const registered = await server.call('POST', '/api/auth/register', { body: { email, password: 'Sleepy baby 42', referralCode: 'TEST42' } });
  const token = await server.server.adapters.tokens.issueAccessToken(registered.body.user.id);
  const child = await server.call('POST', '/api/children', { token, body: { displayName: 'Robin', birthDate, sex: 'Female', timezone: 'America/New_York' } });
  expect(child.status).toBe(201);
  return { token, childId: child.body.id, userId: registered.body.user.id };
}

async function settle(): Promise<void> {
  await server.server.projector.waitFor(await server.server.adapters.eventStore.headPosition(), 5000);
}

const NO_ENTRIES = Object.fromEntries(ENTRY_KIND_NAMES.map((kind) => [kind, 0]));

describe('a Baby Buddy export of several children', () => {
  it('lists the children for the preview, refuses an import that names none or one not in the file, and imports the one chosen', async () => {
    const { token, childId } = await parentWithChild();
    const file = csv('export-feedings-two-children.csv');
    const preview = await server.call('POST', `/api/children/${childId}/import/preview`, { token, body: { csv: file, amountUnit: 'oz' } });
    expect(preview.body).toEqual({
      format: 'babybuddy-feedings',
      rows: 5,
      entries: NO_ENTRIES,
      measurements: 0,
      alreadyImported: 0,
      from: null,
      to: null,
      refused: [],
      children: [
        { id: '1', name: 'Robin Lee', rows: 3 },
        { id: '2', name: 'Sam Lee', rows: 2 },
      ],
      child: null,
      growthUnits: null,
    });
    const none = await server.call('POST', `/api/children/${childId}/import`, { token, body: { csv: file, amountUnit: 'oz' } });
    expect([none.status, none.body.message]).toEqual([400, 'The file holds the entries of 2 Baby Buddy children, Robin Lee (1), Sam Lee (2): choose one (babyBuddyChild)']);
    const absent = await server.call('POST', `/api/children/${childId}/import`, { token, body: { csv: file, amountUnit: 'oz', babyBuddyChild: '3' } });
    expect([absent.status, absent.body.message]).toEqual([400, 'Baby Buddy child 3 is not in the file: it holds Robin Lee (1), Sam Lee (2)']);
    await settle();
    expect((await server.call('GET', `/api/feedings?childId=${childId}&date=2026-11-18`, { token })).body).toEqual([]);

    // Sam's 10:05 bottle would overlap Robin's nursing at 10:00: another child's rows are not this child's.
    const imported = await server.call('POST', `/api/children/${childId}/import`, { token, body: { csv: file, amountUnit: 'oz', babyBuddyChild: '1' } });
    expect(imported.body).toMatchObject({ rows: 3, entries: { feeding: 3 }, refused: [], child: '1', from: '2026-11-01', to: '2026-11-18' });
    await settle();
    const feedings = (await server.call('GET', `/api/feedings?childId=${childId}&date=2026-11-18`, { token })).body;
    expect(feedings).toMatchObject([
      // Quick-logged (end = start): it lasts what a bottle logged here without a duration does, 15 minutes; 3.4 oz as entered; no notes.
      { startedAt: '2026-11-18T12:00:00.000Z', endedAt: '2026-11-18T12:15:00.000Z', method: 'Bottle', type: 'Formula', amountOz: 3.4, notes: '' },
      { startedAt: '2026-11-18T15:00:00.000Z', endedAt: '2026-11-18T15:15:00.000Z', method: 'Nursing', sides: { leftMinutes: 15, rightMinutes: 0 }, notes: '' },
    ]);
    expect(feedings).toHaveLength(2);
    // 01:50 to 02:10 on the night daylight saving ends: the second 01:50 (EST), 20 minutes, not 1 h 20 min.
    const night = (await server.call('GET', `/api/feedings?childId=${childId}&date=2026-11-01`, { token })).body;
    expect(night).toMatchObject([{ startedAt: '2026-11-01T06:50:00.000Z', endedAt: '2026-11-01T07:10:00.000Z', amountOz: 2.5, type: 'Breast Milk', notes: 'Night bottle, sleepy' }]);
  });
});

describe("Baby Buddy's other tables", () => {
  it('reads pumping as pumping with its amounts as entered, weight as growth in the unit chosen, and XLSX as CSV', async () => {
    const { token, childId } = await parentWithChild();
    const pumping = await server.call('POST', `/api/children/${childId}/import`, { token, body: { csv: csv('export-pumping.csv'), amountUnit: 'mL' } });
    expect(pumping.body).toMatchObject({ format: 'babybuddy-pumping', entries: { ...NO_ENTRIES, pumping: 2 }, refused: [] });
    await settle();
    const sessions = (await server.call('GET', `/api/pumpings?childId=${childId}&date=2026-11-18`, { token })).body;
    expect(sessions).toMatchObject([
      { startedAt: '2026-11-18T13:00:00.000Z', durationMinutes: 20, leftAmount: 123, rightAmount: null, unit: 'mL', notes: '' },
      { startedAt: '2026-11-18T19:00:00.000Z', durationMinutes: null, leftAmount: 95.5, rightAmount: null, unit: 'mL', notes: 'Evening' },
    ]);

    const weights = csv('export-weight.csv');
    const preview = await server.call('POST', `/api/children/${childId}/import/preview`, { token, body: { csv: weights } });
    expect(preview.body).toMatchObject({ format: 'babybuddy-weight', measurements: 2, entries: NO_ENTRIES, growthUnits: 'metric', from: '2026-10-01', to: '2026-11-01' });
    const weighed = await server.call('POST', `/api/children/${childId}/import`, { token, body: { csv: weights, growthUnits: 'imperial' } });
    expect(weighed.body).toMatchObject({ measurements: 2, growthUnits: 'imperial', refused: [] });
    await settle();
    const growth = (await server.call('GET', `/api/children/${childId}/growth`, { token })).body;
    // 9.5 lb and 11.25 lb, kept in kilograms to the gram.
    expect(growth.map((m: { measuredOn: string; weightKg: number }) => [m.measuredOn, m.weightKg])).toEqual(
      expect.arrayContaining([
        ['2026-10-01', 4.309],
        ['2026-11-01', 5.103],
      ]),
    );
    expect(growth).toHaveLength(2);
    expect((await server.call('POST', `/api/children/${childId}/import`, { token, body: { csv: weights, growthUnits: 'imperial' } })).body).toMatchObject({ measurements: 0, alreadyImported: 2 });

    const xlsx = fixture('export-sleep.xlsx').toString('base64');
    const sleeps = await server.call('POST', `/api/children/${childId}/import`, { token, body: { xlsx } });
    expect(sleeps.body).toMatchObject({ format: 'babybuddy-sleep', entries: { ...NO_ENTRIES, sleep: 2 }, refused: [] });
    await settle();
    expect((await server.call('GET', `/api/sleep?childId=${childId}&date=2026-11-18`, { token })).body).toMatchObject([{ startedAt: '2026-11-18T13:30:00.000Z', endedAt: '2026-11-18T14:40:00.000Z', notes: 'Short nap' }]);
    const corrupt = await server.call('POST', `/api/children/${childId}/import/preview`, { token, body: { xlsx: Buffer.from('not a workbook').toString('base64') } });
    expect([corrupt.status, corrupt.body.message]).toEqual([400, 'The file could not be read as an XLSX workbook']);
    const both = await server.call('POST', `/api/children/${childId}/import/preview`, { token, body: { csv: weights, xlsx } });
    expect([both.status, both.body.message]).toEqual([400, 'csv or xlsx is required: the text of a CSV file, or an XLSX file in base64']);
  });

  it('refuses, naming the kind, the tables of kinds this app does not keep', async () => {
    const { token, childId } = await parentWithChild();
    const refusals = {
      'note.csv': "Notes on their own are not tracked by this app: here a note belongs to an entry (the file is Baby Buddy's notes export)",
      'bmi.csv': "BMI is not tracked by this app (the file is Baby Buddy's BMI export)",
      'tag.csv': "Tags are not tracked by this app (the file is Baby Buddy's tags export)",
      'child.csv': "Children are not imported: add the child here, then import its entries (the file is Baby Buddy's children export)",
    };
    for (const [name, message] of Object.entries(refusals)) {
      const answer = await server.call('POST', `/api/children/${childId}/import/preview`, { token, body: { csv: csv(name) } });
      expect([name, answer.status, answer.body.message]).toEqual([name, 400, message]);
    }
  });
});

describe("Baby Buddy's own test files (core/tests/import)", () => {
  it('import as docs/import-export.md says, into a child born the day its weights start', async () => {
    const { token, childId } = await parentWithChild('2020-01-17');
    const importFile = async (name: string, options: object = {}) => (await server.call('POST', `/api/children/${childId}/import`, { token, body: { csv: csv(name), ...options } })).body;

    // 40 feedings: 19 nursing and 9 bottles with an amount; the 12 bottles without one are refused.
    const feedings = await importFile('feeding.csv', { amountUnit: 'oz' });
    const noAmount = [9, 10, 13, 16, 21, 22, 23, 29, 30, 32, 34, 39].map((line) => ({ line, message: 'Amount is required for bottle feeding' }));
    expect(feedings).toMatchObject({ format: 'babybuddy-feedings', rows: 40, entries: { ...NO_ENTRIES, feeding: 28 }, from: '2020-02-10', to: '2020-02-17', refused: noAmount, children: [{ id: '1', name: null, rows: 40 }], child: '1' });
    expect(await importFile('sleep.csv')).toMatchObject({ format: 'babybuddy-sleep', rows: 39, entries: { ...NO_ENTRIES, sleep: 39 }, refused: [] });
    // 75 changes: 60 wet, 8 solid, 7 both; no colour on a wet-only one.
    expect(await importFile('diaperchange.csv')).toMatchObject({ format: 'babybuddy-diaper-changes', rows: 75, entries: { ...NO_ENTRIES, diaper: 75 }, refused: [] });
    // Pumping as it was exported before it had a start and an end: a time and an amount.
    expect(await importFile('pumping.csv', { amountUnit: 'mL' })).toMatchObject({ format: 'babybuddy-pumping', rows: 23, entries: { ...NO_ENTRIES, pumping: 23 }, refused: [] });
    // Temperatures in °F with hundredths (97.81, 101.88), and no method.
    expect(await importFile('temperature.csv')).toMatchObject({ format: 'babybuddy-temperature', rows: 23, entries: { ...NO_ENTRIES, temperature: 23 }, refused: [] });
    // Tummy time with its milestones; line 30 lasted 27 seconds, which the form refuses too.
    expect(await importFile('tummytime.csv')).toMatchObject({
      format: 'babybuddy-tummy-time',
      rows: 36,
      entries: { ...NO_ENTRIES, tummyTime: 35 },
      refused: [{ line: 30, message: 'Duration must be at least 1 minute' }],
    });
    // Its child 99 does not exist in Baby Buddy's database; here the file's only child goes into the child chosen. Without
    // an id column a row is told by its times, and diaperchange.csv's line 2 had this one's: it was imported already.
    expect(await importFile('diaperchange-invalid-child.csv')).toMatchObject({ entries: NO_ENTRIES, alreadyImported: 1, children: [{ id: '99', name: null, rows: 1 }], child: '99' });
    // Weights of about 10 lb a month after birth, lengths of 9 in and head circumferences of 11 in: imperial.
    expect(await importFile('weight.csv', { growthUnits: 'imperial' })).toMatchObject({ format: 'babybuddy-weight', measurements: 5, refused: [] });
    expect(await importFile('height.csv', { growthUnits: 'imperial' })).toMatchObject({ format: 'babybuddy-height', measurements: 5, refused: [] });
    expect(await importFile('headcircumference.csv', { growthUnits: 'imperial' })).toMatchObject({ format: 'babybuddy-head-circumference', measurements: 5, refused: [] });

    await settle();
    const firstFeedings = (await server.call('GET', `/api/feedings?childId=${childId}&date=2020-02-16`, { token })).body;
    // Line 3: 23:10:16 to 23:24:16 on the 16th in New York (EST), a bottle of 3.4 oz with its note; line 2 is the 17th.
    expect(firstFeedings.at(-1)).toMatchObject({
      startedAt: '2020-02-17T04:10:16.000Z',
      endedAt: '2020-02-17T04:24:16.000Z',
      method: 'Bottle',
      type: 'Breast Milk',
      amountOz: 3.4,
      notes: 'Determine vote forget you myself. Worry game consumer traditional improve option pattern drop.',
    });
    // temperature.csv line 2: 97.81 at 10:50:06 on 28 May 2022 in New York (EDT), as the file has it.
    const readings = (await server.call('GET', `/api/temperatures?childId=${childId}&date=2022-05-28`, { token })).body;
    expect(readings.find((reading: { occurredAt: string }) => reading.occurredAt === '2022-05-28T14:50:06.000Z')).toMatchObject({ temperature: 97.81, unit: 'F', method: null, temperatureC: 36.6, guidance: null });
    // tummytime.csv line 2: 04:08:09 to 04:11:09 on 17 February 2020 in New York (EST, UTC-5), its milestone kept.
    const sessions = (await server.call('GET', `/api/tummy-times?childId=${childId}&date=2020-02-17`, { token })).body;
    expect(sessions.find((session: { startedAt: string }) => session.startedAt === '2020-02-17T09:08:09.000Z')).toMatchObject({ endedAt: '2020-02-17T09:11:09.000Z', milestone: 'Finally laugh cover art example order.' });
    const growth = (await server.call('GET', `/api/children/${childId}/growth`, { token })).body as { measuredOn: string; weightKg: number | null; lengthCm: number | null; headCm: number | null }[];
    // weight.csv line 2: 10.45 lb; height.csv line 2: 9.43 in; headcircumference.csv line 2: 11.9 in.
    expect(growth.find((m) => m.measuredOn === '2020-02-14')).toMatchObject({ weightKg: 4.74, lengthCm: null, headCm: null });
    expect(growth.filter((m) => m.measuredOn === '2022-05-25').map(({ weightKg, lengthCm, headCm }) => ({ weightKg, lengthCm, headCm }))).toEqual(
      expect.arrayContaining([
        { weightKg: null, lengthCm: 24, headCm: null },
        { weightKg: null, lengthCm: null, headCm: 30.2 },
      ]),
    );
  });
});

describe('the overlap of a Baby Buddy file’s sessions', () => {
  it('refuses the rows it refused row by row, with the same messages: an earlier kept row first, else one logged already', async () => {
    const { token, childId } = await parentWithChild();
    expect((await server.call('POST', '/api/sleep', { token, body: { childId, startedAt: '2026-11-18T15:00:00Z', endedAt: '2026-11-18T15:30:00Z' } })).status).toBe(201);
    await settle();
    const preview = await server.call('POST', `/api/children/${childId}/import/preview`, { token, body: { csv: csv('export-sleep-overlaps.csv') } });
    const overlap = 'This overlaps a sleep session already logged for this child';
    // Lines 2, 4 and 7 are kept; line 4 ends when line 2 starts (touching is no overlap); line 6 meets only the logged 10:00.
    expect({ sleep: preview.body.entries.sleep, refused: preview.body.refused }).toEqual({
      sleep: 3,
      refused: [
        { line: 3, message: `${overlap} (line 2)` },
        { line: 5, message: `${overlap} (line 2)` },
        { line: 6, message: overlap },
        { line: 8, message: `${overlap} (line 7)` },
      ],
    });
  });
});

describe("a Baby Buddy row's id", () => {
  const SLEEP_FILE = ['id,child_id,child_first_name,child_last_name,start,end,nap,notes,tags', '7,1,Robin,Lee,2026-11-18 13:00:00,2026-11-18 13:45:00,1,,', '9,1,Robin,Lee,2026-11-18 15:00:00,2026-11-18 15:30:00,1,,', '10,1,Robin,Lee,2026-11-18 17:00:00,2026-11-18 17:20:00,1,,'].join('\n');

  it('is ordered by the id in Baby Buddy, and a row imported under the name-based id of before is found imported', async () => {
    const { token, childId, userId } = await parentWithChild();
    // Row 7 as an import before 2026-11-28 logged it: under the version-5 id of the child and the row's source.
    const formerId = nameBasedIds('8b1f4c52-6a0e-4d8f-9a57-3f2e1c7d9b40')(`${childId}:babybuddy:sleep:7`);
    const deps = { ...server.server.adapters, clock: () => new Date(NOW), newId } as unknown as CommandDeps;
    const sleep = entryKind('sleep');
    const actor = { userId, correlationId: randomUUID(), idempotent: null };
    await entryWrites(deps, sleep).write(actor, { childId, startedAt: '2026-11-18T18:00:00.000Z', endedAt: '2026-11-18T18:45:00.000Z' }, formerId, sleep.commands.log, 'file');

    const preview = await server.call('POST', `/api/children/${childId}/import/preview`, { token, body: { csv: SLEEP_FILE } });
    expect(preview.body).toMatchObject({ entries: { ...NO_ENTRIES, sleep: 2 }, alreadyImported: 1, refused: [] });
    const imported = await server.call('POST', `/api/children/${childId}/import`, { token, body: { csv: SLEEP_FILE } });
    expect(imported.body).toMatchObject({ entries: { ...NO_ENTRIES, sleep: 2 }, alreadyImported: 1, refused: [] });
    await settle();
    const sleeps: { id: string; startedAt: string }[] = (await server.call('GET', `/api/sleep?childId=${childId}&date=2026-11-18`, { token })).body;
    expect(sleeps.map((entry) => entry.startedAt).sort()).toEqual(['2026-11-18T18:00:00.000Z', '2026-11-18T20:00:00.000Z', '2026-11-18T22:00:00.000Z']);
    const idOf = (startedAt: string) => sleeps.find((entry) => entry.startedAt === startedAt)!.id;
    expect(idOf('2026-11-18T18:00:00.000Z')).toBe(formerId);
    // Rows 9 and 10: version 8, the child's sleep table's 48 bits first, then their ids in Baby Buddy.
    const [nine, ten] = [idOf('2026-11-18T20:00:00.000Z'), idOf('2026-11-18T22:00:00.000Z')];
    expect([nine, ten]).toEqual([expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab]/), expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-8/)]);
    expect(ten.slice(0, 13)).toBe(nine.slice(0, 13));
    expect(nine < ten).toBe(true);

    const again = await server.call('POST', `/api/children/${childId}/import`, { token, body: { csv: SLEEP_FILE } });
    expect(again.body).toMatchObject({ entries: NO_ENTRIES, alreadyImported: 3, refused: [] });
  });
});
