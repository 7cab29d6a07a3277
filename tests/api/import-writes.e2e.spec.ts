import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '@nightlight/infrastructure/ports/event-store';
import { addChild, clockAt, familyWithCaregiver, FRIDAY_EVENING, registerParent, type Parent } from './support/family';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * An import writes many rows at once (command-api/src/commands/import-writes.ts), under every rule
 * a form's write keeps: overlaps decided by the days' streams even where the timeline lags, nothing
 * written twice, the family's roles, and entries the read models show as they show the same
 * entries logged one by one.
 */

const NOW = FRIDAY_EVENING;
const SLEEP_OVERLAP = 'This overlaps a sleep session already logged for this child';
let server: TestServer;
/** While set, the projector waits before each event: the timeline lags the log, as it does behind a busy projector. */
let projectorHeld: Promise<void> | null = null;

const holdable = (inner: EventStore): EventStore => ({
  ...inner,
  subscribeToAll: (options) =>
    inner.subscribeToAll({
      ...options,
      onEvent: async (event) => {
        if (projectorHeld) await projectorHeld;
        await options.onEvent(event);
      },
    }),
});

beforeAll(async () => {
  server = await startTestServer({}, { clock: clockAt(NOW), projectorEventStore: holdable });
});
afterAll(() => server.close());



// Born 1 September 2026, in New York unless a test says otherwise.
const BORN = { birthDate: '2026-09-01', timezone: 'America/New_York' };

const head = () => server.server.adapters.eventStore.headPosition();
const settle = async () => expect(await server.server.projector.waitFor(await head(), 10_000)).toBe(true);

const importInto = (person: Parent, childId: string, csv: string, headers: Record<string, string> = {}) =>
  server.call('POST', `/api/children/${childId}/import`, { token: person.token, body: { csv, amountUnit: 'oz' }, headers });

describe('an import and the entries other phones log meanwhile', () => {
  it('refuses a row overlapping a sleep logged while the timeline has not shown it yet, and keeps the rest', async () => {
    const parent = await registerParent(server, 'import');
    const childId = await addChild(server, parent.token, { ...BORN, timezone: 'UTC' });
    await settle();
    let release!: () => void;
    projectorHeld = new Promise((resolve) => (release = resolve));
    try {
      // Logged by another phone: in the log and on its day's stream, not in the timeline the import reads.
      const logged = await server.call('POST', '/api/sleep', { token: parent.token, body: { childId, startedAt: '2026-11-18T13:10:00Z', endedAt: '2026-11-18T13:40:00Z' } });
      expect(logged.status).toBe(201);
      const file = ['id,child_id,start,end,nap,notes', '1,1,2026-11-18 12:00:00,2026-11-18 12:30:00,1,', '2,1,2026-11-18 13:00:00,2026-11-18 13:20:00,1,', '3,1,2026-11-18 14:00:00,2026-11-18 14:30:00,1,'].join('\n');
      const imported = await importInto(parent, childId, file);
      expect(imported.body).toMatchObject({ entries: { sleep: 2 }, refused: [{ line: 3, message: SLEEP_OVERLAP }] });
      // And the other way round: a phone's sleep over an imported row is refused as any overlap is.
      const late = await server.call('POST', '/api/sleep', { token: parent.token, body: { childId, startedAt: '2026-11-18T14:20:00Z', endedAt: '2026-11-18T14:50:00Z' } });
      expect([late.status, late.body.message]).toEqual([409, SLEEP_OVERLAP]);
    } finally {
      projectorHeld = null;
      release();
    }
    await settle();
    const sleeps = (await server.call('GET', `/api/sleep?childId=${childId}&date=2026-11-18`, { token: parent.token })).body as { startedAt: string }[];
    expect(sleeps.map((sleep) => sleep.startedAt).sort()).toEqual(['2026-11-18T12:00:00.000Z', '2026-11-18T13:10:00.000Z', '2026-11-18T14:00:00.000Z']);
  });

  it('keeps the days right across the groups it writes in: a night over the groups\' edge holds both days, a sleep logged meanwhile in a later group refuses its row', async () => {
    const parent = await registerParent(server, 'import');
    const childId = await addChild(server, parent.token, { ...BORN, timezone: 'UTC' });
    await settle();
    // 80 days (2026-09-01 to 11-19) of 45 ten-minute naps every 20 minutes from 07:00 and a night
    // from 22:00 to 06:00: 3,680 rows, written in two groups of whole days (the first ends with
    // 2026-10-14, whose night reaches into 10-15).
    const rows: string[] = [];
    for (let day = Date.parse('2026-09-01T00:00:00Z'); day < Date.parse('2026-11-20T00:00:00Z'); day += 86_400_000) {
      const at = (minutes: number) => new Date(day + minutes * 60_000).toISOString().slice(0, 19).replace('T', ' ');
      for (let nap = 0; nap < 45; nap++) rows.push(`${at(7 * 60 + nap * 20)},${at(7 * 60 + nap * 20 + 10)}`);
      rows.push(`${at(22 * 60)},${at(30 * 60)}`);
    }
    const file = ['id,child_id,start,end,nap,notes', ...rows.map((times, index) => `${index + 1},1,${times},1,`)].join('\n');
    let release!: () => void;
    projectorHeld = new Promise((resolve) => (release = resolve));
    try {
      const logged = await server.call('POST', '/api/sleep', { token: parent.token, body: { childId, startedAt: '2026-10-20T12:05:00Z', endedAt: '2026-10-20T12:15:00Z' } });
      expect(logged.status).toBe(201);
      const imported = await importInto(parent, childId, file);
      // The 12:00 nap of 2026-10-20: the 16th row of the 50th day, line 2 + 49 × 46 + 15.
      expect(imported.body).toMatchObject({ entries: { sleep: 3_679 }, refused: [{ line: 2_271, message: SLEEP_OVERLAP }] });
      expect(rows[2_271 - 2]).toBe('2026-10-20 12:00:00,2026-10-20 12:10:00');
      const overNight = await server.call('POST', '/api/sleep', { token: parent.token, body: { childId, startedAt: '2026-10-15T00:30:00Z', endedAt: '2026-10-15T01:00:00Z' } });
      expect([overNight.status, overNight.body.message]).toEqual([409, SLEEP_OVERLAP]);
    } finally {
      projectorHeld = null;
      release();
    }
    await settle();
    const onDay = (await server.call('GET', `/api/sleep?childId=${childId}&date=2026-10-20`, { token: parent.token })).body as { startedAt: string }[];
    const starts = onDay.map((sleep) => sleep.startedAt);
    expect(starts).toContain('2026-10-20T12:05:00.000Z');
    expect(starts).not.toContain('2026-10-20T12:00:00.000Z');
  }, 60_000);
});

describe('an import after its preview', () => {
  const previewOf = (person: Parent, childId: string, csv: string) => server.call('POST', `/api/children/${childId}/import/preview`, { token: person.token, body: { csv, amountUnit: 'oz' } });
  const file = ['id,child_id,start,end,nap,notes', '1,1,2026-11-18 12:00:00,2026-11-18 12:30:00,1,', '2,1,2026-11-18 13:00:00,2026-11-18 13:20:00,1,', '3,1,2026-11-18 14:00:00,2026-11-18 14:30:00,1,'].join('\n');

  it('looks again at what was logged and deleted since the preview', async () => {
    const parent = await registerParent(server, 'import');
    const childId = await addChild(server, parent.token, { ...BORN, timezone: 'UTC' });
    const inTheWay = await server.call('POST', '/api/sleep', { token: parent.token, body: { childId, startedAt: '2026-11-18T14:10:00Z', endedAt: '2026-11-18T14:40:00Z' } });
    await settle();
    expect((await previewOf(parent, childId, file)).body).toMatchObject({ entries: { sleep: 2 }, refused: [{ line: 4, message: SLEEP_OVERLAP }] });
    // Meanwhile another phone deletes the sleep line 4 met, and logs one over line 3.
    expect((await server.call('DELETE', `/api/sleep/${inTheWay.body.id}`, { token: parent.token })).status).toBe(200);
    expect((await server.call('POST', '/api/sleep', { token: parent.token, body: { childId, startedAt: '2026-11-18T13:10:00Z', endedAt: '2026-11-18T13:40:00Z' } })).status).toBe(201);
    await settle();
    expect((await importInto(parent, childId, file)).body).toMatchObject({ entries: { sleep: 2 }, refused: [{ line: 3, message: SLEEP_OVERLAP }] });
  });

  it("reads the file in the child's zone at the import, changed since the preview", async () => {
    const parent = await registerParent(server, 'import');
    const childId = await addChild(server, parent.token, { ...BORN, timezone: 'UTC' });
    expect((await previewOf(parent, childId, file)).body).toMatchObject({ entries: { sleep: 3 }, from: '2026-11-18', to: '2026-11-18' });
    const profile = { displayName: 'Robin', birthDate: '2026-09-01', sex: 'Female', nightWindowStart: '19:00', nightWindowEnd: '07:00', timezone: 'Asia/Tokyo' };
    expect((await server.call('PUT', `/api/settings/children/${childId}`, { token: parent.token, body: profile })).status).toBe(200);
    expect((await importInto(parent, childId, file)).body).toMatchObject({ entries: { sleep: 3 }, refused: [] });
    await settle();
    const sleeps = (await server.call('GET', `/api/sleep?childId=${childId}&date=2026-11-18`, { token: parent.token })).body as { startedAt: string }[];
    // 12:00 in Tokyo is 03:00 UTC.
    expect(sleeps.map((sleep) => sleep.startedAt).sort()).toEqual(['2026-11-18T03:00:00.000Z', '2026-11-18T04:00:00.000Z', '2026-11-18T05:00:00.000Z']);
  });
});

describe('an import sent again', () => {
  const file = ['id,child_id,start,end,nap,notes', '11,1,2026-11-17 20:00:00,2026-11-18 05:30:00,0,Slept through', '12,1,2026-11-18 09:00:00,2026-11-18 10:00:00,1,'].join('\n');

  it('writes nothing the second time, with or without the same Idempotency-Key', async () => {
    const parent = await registerParent(server, 'import');
    const childId = await addChild(server, parent.token, BORN);
    const key = { 'idempotency-key': randomUUID() };
    const first = await importInto(parent, childId, file, key);
    expect(first.body).toMatchObject({ entries: { sleep: 2 }, alreadyImported: 0, refused: [] });
    const written = await head();

    // The same request again answers as the first did; the same file again finds its rows logged.
    expect(await importInto(parent, childId, file, key)).toMatchObject({ status: 200, body: first.body });
    expect((await importInto(parent, childId, file)).body).toMatchObject({ entries: { sleep: 0 }, alreadyImported: 2, refused: [] });
    // The key with another file is refused row by row, as a form's write refuses a reused key.
    const other = await importInto(parent, childId, `${file}\n13,1,2026-11-18 12:00:00,2026-11-18 12:30:00,1,`, key);
    expect(other.body.refused.map(({ line }: { line: number }) => line)).toEqual([2, 3]);
    expect(other.body.refused[0].message).toBe('This Idempotency-Key was already used for a different request. Send a new key for a new request.');
    expect(other.body.entries.sleep).toBe(1);
    await settle();
    expect(await head()).toBeGreaterThan(written);
    const again = await head();
    expect((await importInto(parent, childId, `${file}\n13,1,2026-11-18 12:00:00,2026-11-18 12:30:00,1,`)).body).toMatchObject({ entries: { sleep: 0 }, alreadyImported: 3 });
    expect(await head()).toBe(again);
  });
});

describe('a file that repeats a row', () => {
  it('logs it once, the preview saying so as the import does', async () => {
    const parent = await registerParent(server, 'import');
    const childId = await addChild(server, parent.token, BORN);
    // An older Baby Buddy export (no id column): a row is told by its time, and line 3 repeats line 2.
    const file = ['child_id,time,wet,solid,color,amount', '1,2026-11-18 07:25:00,1,0,,', '1,2026-11-18 07:25:00,1,0,,', '1,2026-11-18 11:00:00,1,1,yellow,'].join('\n');
    const expected = { entries: { feeding: 0, sleep: 0, diaper: 2, pumping: 0 }, alreadyImported: 1, refused: [] };
    expect((await server.call('POST', `/api/children/${childId}/import/preview`, { token: parent.token, body: { csv: file } })).body).toMatchObject(expected);
    expect((await importInto(parent, childId, file)).body).toMatchObject(expected);
    await settle();
    expect((await server.call('GET', `/api/diapers?childId=${childId}&date=2026-11-18`, { token: parent.token })).body).toHaveLength(2);
  });
});

describe("an import and the child's family", () => {
  it('lets a caregiver import as a parent does, and shows anyone else nothing, writing nothing', async () => {
    const { parent, caregiver: nanny, stranger, childId } = await familyWithCaregiver(server, 'import', BORN);
    const file = ['id,child_id,time,wet,solid,color,amount,notes', '21,1,2026-11-18 07:25:00,1,0,,,'].join('\n');

    const before = await head();
    for (const path of ['/import', '/import/preview']) {
      const refused = await server.call('POST', `/api/children/${childId}${path}`, { token: stranger.token, body: { csv: file } });
      expect([refused.status, refused.body]).toEqual([404, { message: 'Child not found', code: 'child.notFound' }]);
    }
    expect(await head()).toBe(before);

    const imported = await importInto(nanny, childId, file);
    expect(imported.body).toMatchObject({ entries: { diaper: 1 }, refused: [] });
    await settle();
    const changes = (await server.call('GET', `/api/diapers?childId=${childId}&date=2026-11-18`, { token: parent.token })).body;
    expect(changes).toMatchObject([{ occurredAt: '2026-11-18T12:25:00.000Z', contents: 'wet', loggedBy: { memberId: nanny.id } }]);
  });
});

describe('imported entries in the read models', () => {
  // A week of a family's Baby Buddy exports (New York, EST), each row with a note and amounts on the
  // dialog's steps, so that the same entries logged one by one through the forms record the same.
  const local = (wall: string) => `${wall.replace(' ', 'T')}-05:00`;
  const feedings: [string, string, string, string, string, string][] = [
    ['2026-11-16 06:00:00', '2026-11-16 06:20:00', 'formula', 'bottle', '4', 'Morning bottle'],
    ['2026-11-16 09:30:00', '2026-11-16 09:45:00', 'breast milk', 'left breast', '', 'Left side'],
    ['2026-11-17 13:00:00', '2026-11-17 13:12:00', 'breast milk', 'both breasts', '', 'Both sides'],
    ['2026-11-18 23:40:00', '2026-11-19 00:05:00', 'breast milk', 'bottle', '3.5', 'Across midnight'],
    ['2026-11-19 07:00:00', '2026-11-19 07:20:00', 'formula', 'bottle', '4.25', 'Took it all'],
  ];
  const sleeps: [string, string, string][] = [
    ['2026-11-15 19:30:00', '2026-11-16 05:45:00', 'Night'],
    ['2026-11-16 10:00:00', '2026-11-16 11:10:00', 'Nap one'],
    ['2026-11-17 14:00:00', '2026-11-17 14:40:00', 'Nap two'],
    ['2026-11-18 20:15:00', '2026-11-19 06:00:00', 'Night'],
  ];
  const diapers: [string, string, string, string][] = [
    ['2026-11-16 06:30:00', '1', '0', ''],
    ['2026-11-17 12:00:00', '1', '1', 'yellow'],
    ['2026-11-19 08:00:00', '0', '1', 'green'],
  ];

  const csvOf = (header: string, rows: string[][]) => [header, ...rows.map((row, i) => [String(i + 1), '1', ...row].join(','))].join('\n');
  const sides = (method: string, start: string, end: string) => {
    const minutes = (Date.parse(local(end)) - Date.parse(local(start))) / 60_000;
    return method === 'left breast' ? { leftMinutes: minutes, rightMinutes: 0 } : null;
  };
  const forms = (childId: string): [string, object][] => [
    ...feedings.map(([start, end, type, method, amount, notes]): [string, object] =>
      method === 'bottle'
        ? ['/api/feedings', { childId, startedAt: local(start), endedAt: local(end), method: 'Bottle', type: type === 'formula' ? 'Formula' : 'Breast Milk', amountOz: Number(amount), notes }]
        : ['/api/feedings', { childId, startedAt: local(start), endedAt: local(end), method: 'Nursing', sides: sides(method, start, end), notes }],
    ),
    ...sleeps.map(([start, end, notes]): [string, object] => ['/api/sleep', { childId, startedAt: local(start), endedAt: local(end), notes }]),
    ...diapers.map(([time, wet, solid, color]): [string, object] => [
      '/api/diapers',
      { childId, occurredAt: local(time), contents: wet === '1' && solid === '1' ? 'both' : solid === '1' ? 'dirty' : 'wet', color: color || null, notes: 'Changed' },
    ]),
  ];

  it('shows them in the timeline and the daily insights as it shows the same entries logged one by one', async () => {
    const parent = await registerParent(server, 'import');
    const [imported, logged] = [await addChild(server, parent.token, BORN), await addChild(server, parent.token, BORN)];
    const files = [
      csvOf('id,child_id,start,end,type,method,amount,notes', feedings),
      csvOf('id,child_id,start,end,nap,notes', sleeps.map(([start, end, notes]) => [start, end, '0', notes])),
      csvOf('id,child_id,time,wet,solid,color,amount,notes', diapers.map((row) => [...row, '', 'Changed'])),
    ];
    for (const file of files) expect((await importInto(parent, imported, file)).body.refused).toEqual([]);
    for (const [path, body] of forms(logged)) expect((await server.call('POST', path, { token: parent.token, body })).status).toBe(201);
    await settle();

    const read = (childId: string, path: string) => server.call('GET', path.replace('{child}', childId), { token: parent.token }).then(({ body }) => body);
    // Each entry's own id, and its child's, at any depth: the rest is what a parent reads.
    const withoutIds = (entries: unknown) => JSON.parse(JSON.stringify(entries, (key, value) => (key === 'id' || key === 'childId' ? undefined : value)));
    for (const date of ['2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19']) {
      for (const route of ['feedings', 'sleep', 'diapers']) {
        const path = `/api/${route}?childId={child}&date=${date}`;
        expect(withoutIds(await read(imported, path))).toEqual(withoutIds(await read(logged, path)));
      }
    }
    const daily = (childId: string) => read(childId, '/api/children/{child}/insights/daily?days=7');
    const insights = await daily(imported);
    expect(insights).toEqual(await daily(logged));
    // The imported week counted: the 16th has its two feeds, its night and nap, and its change.
    expect(insights.days.find((day: { date: string }) => day.date === '2026-11-16')).toMatchObject({ feeding: { feedCount: 2, totalOz24h: 4 }, diapers: { changeCount: 1 } });
  });
});
