import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '@nightlight/domain/exports/csv';
import { addChild, clockAt, familyWithCaregiver, FRIDAY_EVENING, minutesBefore, registerParent, seen } from './support/family';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Solid foods over HTTP: a meal's food (sealed like the notes), how much was eaten and a reaction;
 * every refusal with its message and nothing written; its history, Undo, the report's list of foods
 * tried, its CSV round trip, its research line; and who may see it (the family) and who may not (404).
 */

// The research release ends 184 days before the clock.
const NOW = FRIDAY_EVENING;
const STATIC_TOKEN = 'static-researcher-token-for-solids';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RESEARCH_TOKENS: STATIC_TOKEN, RESEARCH_MIN_CHILDREN: '1' }, { clock: clockAt(NOW) });
});
afterAll(() => server.close());

const at = (minutes: number) => minutesBefore(NOW, minutes);

describe('solid foods', () => {
  it('logs a meal, and reads it back with its food opened in the list, by id and on its line', async () => {
    const parent = await registerParent(server, 'solids');
    const childId = await addChild(server, parent.token);
    const occurredAt = at(30);
    const logged = await server.call('POST', '/api/solids', { token: parent.token, body: { childId, occurredAt, food: '  Mashed banana ', amount: 'most' } });
    expect(logged.status).toBe(201);
    expect(logged.body).toMatchObject({
      childId,
      occurredAt,
      food: 'Mashed banana',
      amount: 'most',
      reaction: false,
      notes: '',
      entry: { type: 'Solid', icon: '🥣', amount: 'Mashed banana · Most', duration: '-', status: 'completed', datetime: '2026-11-20T17:30' },
    });
    const { position: _position, ...read } = logged.body;
    const list = await server.call('GET', `/api/solids?childId=${childId}&date=2026-11-20`, { token: parent.token, headers: seen(logged) });
    expect(list.body).toEqual([read]);
    expect((await server.call('GET', `/api/solids/${read.id}`, { token: parent.token })).body).toEqual(read);
    const range = await server.call('GET', `/api/solids?childId=${childId}&startDate=2026-11-19&endDate=2026-11-20`, { token: parent.token });
    expect(range.body).toEqual([read]);

    // The food is sealed in the log like the notes: the event holds no word of it.
    const events = await server.server.adapters.eventStore.readStream(`solid-${read.id}`);
    expect(JSON.stringify(events)).not.toContain('banana');
    // A meal is no feeding.
    expect((await server.call('GET', `/api/feedings?childId=${childId}&date=2026-11-20`, { token: parent.token })).body).toEqual([]);
  });

  it('corrects a meal, says what changed, deletes it and brings it back with Undo', async () => {
    const parent = await registerParent(server, 'solids');
    const childId = await addChild(server, parent.token);
    const body = { childId, occurredAt: at(60), food: 'Egg', amount: 'taste' };
    const logged = await server.call('POST', '/api/solids', { token: parent.token, body });
    const id = logged.body.id as string;
    const corrected = await server.call('PUT', `/api/solids/${id}`, { token: parent.token, body: { ...body, food: 'Scrambled egg', amount: 'some', reaction: true, notes: 'Red cheeks after' } });
    expect(corrected.status).toBe(200);
    expect(corrected.body).toMatchObject({ id, food: 'Scrambled egg', amount: 'some', reaction: true, notes: 'Red cheeks after', entry: { amount: 'Scrambled egg · Some · reaction' } });
    const history = await server.call('GET', `/api/solids/${id}/history`, { token: parent.token, headers: seen(corrected) });
    expect(history.body.map((item: { action: string; changed: string[] }) => [item.action, item.changed])).toEqual([
      ['logged', []],
      ['corrected', ['amount', 'reaction']],
    ]);

    const deleted = await server.call('DELETE', `/api/solids/${id}`, { token: parent.token });
    expect(deleted.status).toBe(200);
    const gone = await server.call('GET', `/api/solids/${id}`, { token: parent.token, headers: seen(deleted) });
    expect([gone.status, gone.body.message]).toEqual([404, 'Solid food not found']);
    const restored = await server.call('POST', `/api/solids/${id}/restore`, { token: parent.token });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id, food: 'Scrambled egg', amount: 'some', reaction: true, notes: 'Red cheeks after' });
  });

  it.each([
    [{ occurredAt: undefined }, 'Date and time is required'],
    [{ occurredAt: '2026-11-20T08:30' }, 'Date and time must end with Z or a UTC offset, such as 2026-03-01T08:30:00-05:00'],
    [{ occurredAt: '2026-11-20T18:10:00Z' }, 'Cannot select future date and time'],
    [{ occurredAt: '2026-04-30T12:00:00Z' }, 'Cannot select a date and time before the birth date'],
    [{ food: undefined }, 'Food is required'],
    [{ food: '   ' }, 'Food is required'],
    [{ food: 42 }, 'Food is required'],
    [{ food: 'x'.repeat(61) }, 'Food must be 60 characters or less'],
    [{ amount: undefined }, 'Amount must be taste, some, most or all'],
    [{ amount: 'plenty' }, 'Amount must be taste, some, most or all'],
    [{ reaction: 'yes' }, 'Reaction must be true or false'],
    [{ notes: 'x'.repeat(1001) }, 'Notes must be 1000 characters or less'],
    [{ childId: undefined }, 'childId is required'],
  ])('refuses %j with "%s" and writes nothing', async (changes, message) => {
    const parent = await registerParent(server, 'solids');
    const childId = await addChild(server, parent.token);
    const head = await server.server.adapters.eventStore.headPosition();
    const answer = await server.call('POST', '/api/solids', { token: parent.token, body: { childId, occurredAt: at(5), food: 'Pear', amount: 'all', ...changes } });
    expect([answer.status, answer.body.message]).toEqual([400, message]);
    expect(await server.server.adapters.eventStore.headPosition()).toBe(head);
  });

  it('takes 60 characters of food, counted after the spaces around it are trimmed', async () => {
    const parent = await registerParent(server, 'solids');
    const childId = await addChild(server, parent.token);
    const answer = await server.call('POST', '/api/solids', { token: parent.token, body: { childId, occurredAt: at(5), food: ` ${'y'.repeat(60)} `, amount: 'all' } });
    expect([answer.status, answer.body.food]).toEqual([201, 'y'.repeat(60)]);
  });

  it("lists the foods tried in the report: each once, by when it was first given, with its meals and reactions", async () => {
    const parent = await registerParent(server, 'solids');
    const childId = await addChild(server, parent.token);
    let last = { headers: new Headers() };
    for (const [minutes, food, amount, reaction] of [
      [3000, 'Banana', 'taste', false],
      [1500, 'Egg', 'some', true],
      [1400, 'banana ', 'most', false],
      [60, 'Egg', 'all', false],
    ] as const) {
      last = await server.call('POST', '/api/solids', { token: parent.token, body: { childId, occurredAt: at(minutes), food, amount, reaction } });
    }
    const report = await server.call('GET', `/api/children/${childId}/report?from=2026-11-14&to=2026-11-20`, { token: parent.token, headers: seen(last) });
    expect(report.status).toBe(200);
    // 3,000 minutes before 18:00 on the 20th is 20:00 on the 18th; 1,500 is 17:00 on the 19th.
    expect(report.body.foods).toEqual([
      { food: 'Banana', firstDate: '2026-11-18', meals: 2, reactions: 0 },
      { food: 'Egg', firstDate: '2026-11-19', meals: 2, reactions: 1 },
    ]);
  });

  it('goes out in the CSV export and in again into another child, losing nothing', async () => {
    const parent = await registerParent(server, 'solids');
    const childId = await addChild(server, parent.token);
    await server.call('POST', '/api/solids', { token: parent.token, body: { childId, occurredAt: at(90), food: '=Avocado, mashed "smooth"', amount: 'some', reaction: true, notes: 'Loved it' } });
    const last = await server.call('POST', '/api/solids', { token: parent.token, body: { childId, occurredAt: at(30), food: 'Rice cereal', amount: 'taste' } });
    await server.server.projector.waitFor(Number(last.headers.get('x-event-position')), 2000);
    const exported = async (id: string) => {
      const response = await fetch(`${server.url}/api/children/${id}/export.csv`, { headers: { authorization: `Bearer ${parent.token}` } });
      const [header, ...rows] = parseCsv(await response.text());
      return rows.map(({ cells }) => {
        const row = Object.fromEntries(header!.cells.map((column, index) => [column, cells[index] ?? '']));
        return { kind: row['kind'], started_utc: row['started_utc'], solid_food: row['solid_food'], solid_amount: row['solid_amount'], solid_reaction: row['solid_reaction'], notes: row['notes'] };
      });
    };
    const rows = await exported(childId);
    expect(rows).toEqual([
      // A food a spreadsheet would run as a formula is written with an apostrophe before it.
      { kind: 'solid', started_utc: at(90), solid_food: "'=Avocado, mashed \"smooth\"", solid_amount: 'some', solid_reaction: 'yes', notes: 'Loved it' },
      { kind: 'solid', started_utc: at(30), solid_food: 'Rice cereal', solid_amount: 'taste', solid_reaction: 'no', notes: '' },
    ]);

    const copy = await addChild(server, parent.token, { displayName: 'Copy' });
    const csv = await (await fetch(`${server.url}/api/children/${childId}/export.csv`, { headers: { authorization: `Bearer ${parent.token}` } })).text();
    const imported = await server.call('POST', `/api/children/${copy}/import`, { token: parent.token, body: { csv } });
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ format: 'nightlight', rows: 2, entries: { solid: 2 }, refused: [] });
    await server.server.projector.waitFor(imported.body.position, 2000);
    expect(await exported(copy)).toEqual(rows);
    const meals = await server.call('GET', `/api/solids?childId=${copy}&date=2026-11-20`, { token: parent.token });
    expect(meals.body.map((meal: { food: string }) => meal.food)).toEqual(['=Avocado, mashed "smooth"', 'Rice cereal']);
  });

  it('leaves for research as how much was eaten and whether there was a reaction, never the food or the notes', async () => {
    const parent = await registerParent(server, 'solids');
    // A year before the clock: inside the release, which ends 184 days before it on the shifted calendar, whatever the shift.
    const childId = await addChild(server, parent.token, { birthDate: '2025-05-01', researchConsent: true });
    const meal = await server.call('POST', '/api/solids', { token: parent.token, body: { childId, occurredAt: '2025-11-10T11:00:00.000Z', food: 'Peanut puree', amount: 'taste', reaction: true, notes: 'Hives on the chin' } });
    expect(meal.status).toBe(201);
    await server.server.projector.waitFor(Number(meal.headers.get('x-event-position')), 2000);
    const response = await fetch(`${server.url}/api/research/events`, { headers: { authorization: `Bearer ${STATIC_TOKEN}` } });
    expect(response.status).toBe(200);
    const text = await response.text();
    const lines = text.trimEnd().split('\n').map((line) => JSON.parse(line));
    // Whole days of shift in a child's zone of UTC: the time of day is the meal's own.
    expect(lines.filter((line) => line.kind === 'solid-logged')).toEqual([
      expect.objectContaining({ localTime: '11:00', shiftedEndAt: null, durationMinutes: null, solidAmount: 'taste', solidReaction: true, contents: null, amountOz: null }),
    ]);
    expect(text).not.toMatch(/Peanut|Hives|food/i);
  });

  it('lets a caregiver log, and keeps every route from a stranger, and a meal from another family, with 404 and nothing written', async () => {
    const { parent, caregiver, stranger, childId } = await familyWithCaregiver(server, 'solids');
    const strangersChild = await addChild(server, stranger.token);

    const logged = await server.call('POST', '/api/solids', { token: caregiver.token, body: { childId, occurredAt: at(20), food: 'Pear', amount: 'some' } });
    expect(logged.status).toBe(201);
    const id = logged.body.id as string;
    expect((await server.call('GET', `/api/solids/${id}`, { token: parent.token, headers: seen(logged) })).body).toMatchObject({ food: 'Pear', loggedBy: { memberId: caregiver.id } });
    // A deleted meal, which only its family may bring back.
    const kiwi = await server.call('POST', '/api/solids', { token: parent.token, body: { childId, occurredAt: at(19), food: 'Kiwi', amount: 'taste' } });
    expect((await server.call('DELETE', `/api/solids/${kiwi.body.id}`, { token: parent.token })).status).toBe(200);

    const head = await server.server.adapters.eventStore.headPosition();
    const body = { childId, occurredAt: at(10), food: 'Pear', amount: 'all' };
    for (const [method, path, payload, message] of [
      ['POST', '/api/solids', body, 'Child not found'],
      ['PUT', `/api/solids/${id}`, body, 'Child not found'],
      ['GET', `/api/solids?childId=${childId}&date=2026-11-20`, undefined, 'Child not found'],
      ['GET', `/api/solids/${id}`, undefined, 'Solid food not found'],
      ['GET', `/api/solids/${id}/history`, undefined, 'Solid food not found'],
      ['DELETE', `/api/solids/${id}`, undefined, 'Solid food not found'],
      ['POST', `/api/solids/${kiwi.body.id}/restore`, undefined, 'Solid food not found'],
      // Another family's meal, sent with the stranger's own child: still not theirs to see or change.
      ['PUT', `/api/solids/${id}`, { ...body, childId: strangersChild }, 'Solid food not found'],
    ] as const) {
      const answer = await server.call(method, path, { token: stranger.token, body: payload });
      expect([method, path, answer.status, answer.body.message]).toEqual([method, path, 404, message]);
    }
    expect(await server.server.adapters.eventStore.headPosition()).toBe(head);
  });
});
