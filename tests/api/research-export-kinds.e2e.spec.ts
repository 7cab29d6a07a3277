import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server';

// Diaper changes, pumping sessions and growth measurements in the research replay, logged through
// the API as a parent logs them. Every figure below is worked out by hand in the comments.

const STATIC_TOKEN = 'static-researcher-token-for-kinds';
const NOW = new Date('2026-11-22T12:00:00.000Z');

const family = {
  email: 'augustina.vandermeer@example.org',
  password: 'Sunrise2026',
  // Berlin is UTC+1 in November: 20 November is her 80th day (30 in September, 31 in October, 19 in November).
  daughter: { displayName: 'Philippa', birthDate: '2026-09-01', sex: 'Female', timezone: 'Europe/Berlin' },
};

let server: TestServer;
let parent: { token: string; userId: string };
const ids: Record<string, string> = {};

async function call(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<string> {
  const answer = await server.call(method, path, { token: parent.token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(method === 'POST' ? 201 : 200);
  return answer.body.id;
}

beforeAll(async () => {
  server = await startTestServer({ RESEARCH_TOKENS: STATIC_TOKEN }, { clock: () => NOW });
  const registered = await server.call('POST', '/api/auth/register', { body: { email: family.email, password: family.password, referralCode: 'TEST42' } });
  expect(registered.status).toBe(201);
  parent = { token: registered.body.accessToken, userId: registered.body.user.id };
  const childId = (ids.daughter = await call('POST', '/api/children', family.daughter));
  // 10:30 in Berlin on the 20th. Red is a warning sign: it does not leave.
  ids.redDiaper = await call('POST', '/api/diapers', { childId, occurredAt: '2026-11-20T09:30:00.000Z', contents: 'both', color: 'red', notes: 'Philippa at Grandma Augustina’s' });
  // 07:15 in Berlin on the 21st, her 81st day.
  ids.diaper = await call('POST', '/api/diapers', { childId, occurredAt: '2026-11-21T06:15:00.000Z', contents: 'dirty', color: 'yellow' });
  // 21:00 in Berlin on the 20th, 15 minutes; 90 mL is 3.04 oz and 75 mL 2.54 oz: 3 and 2.5 on the quarter-ounce grid.
  ids.pumping = await call('POST', '/api/pumpings', { childId, startedAt: '2026-11-20T20:00:00.000Z', durationMinutes: 15, leftAmount: 90, rightAmount: 75, unit: 'mL', notes: 'Pumped at Vandermeer & Co' });
  // The 19th, her 79th day: 5.437 kg, 58.26 cm, 39.74 cm become 5.45 kg, 58.5 cm and 39.5 cm.
  ids.growth = await call('POST', '/api/growth', { childId, measuredOn: '2026-11-19', weightKg: 5.437, lengthCm: 58.26, headCm: 39.74 });
  // The 21st in pounds: 12.5 lb is kept as 5.670 kg, 113.4 steps of 50 g: 5.65 kg.
  ids.imperialGrowth = await call('POST', '/api/growth', { childId, measuredOn: '2026-11-21', weightLb: 12.5 });
  // The yellow diaper corrected to green; the pumping session and the first measurement deleted.
  await call('PUT', `/api/diapers/${ids.diaper}`, { childId, occurredAt: '2026-11-21T06:15:00.000Z', contents: 'dirty', color: 'green' });
  await call('DELETE', `/api/pumpings/${ids.pumping}`);
  await call('DELETE', `/api/growth/${ids.growth}`);
});
afterAll(() => server.close());

async function exportText(): Promise<string> {
  const response = await fetch(`${server.url}/api/research/events`, { headers: { authorization: `Bearer ${STATIC_TOKEN}` } });
  expect(response.status).toBe(200);
  return response.text();
}

const linesOf = (text: string): any[] => text.trimEnd().split('\n').map((line) => JSON.parse(line));

describe('the research replay of diaper changes, pumping and growth', () => {
  it('holds one line for each of their events, in the order they were logged', async () => {
    const lines = linesOf(await exportText());
    const end = lines.pop();
    expect(end).toMatchObject({ kind: 'end', lines: 9 });
    expect(lines.map((line) => [line.seq, line.kind])).toEqual([
      [1, 'child-registered'],
      [2, 'diaper-logged'],
      [3, 'diaper-logged'],
      [4, 'pumping-logged'],
      [5, 'growth-measured'],
      [6, 'growth-measured'],
      [7, 'diaper-corrected'],
      [8, 'pumping-deleted'],
      [9, 'growth-deleted'],
    ]);
  });

  it('gives the figures worked out by hand, on the shifted calendar with true times of day and weekdays', async () => {
    const [registered, redDiaper, diaper, pumping, growth, imperialGrowth, corrected, pumpingDeleted, growthDeleted] = linesOf(await exportText());
    const shift = Date.parse(registered.shiftedBirthDate) - Date.parse(family.daughter.birthDate);
    expect(Math.abs(shift) % (7 * 86_400_000)).toBe(0);
    expect(shift).not.toBe(0);
    const shifted = (date: string) => new Date(Date.parse(date) + shift).toISOString().slice(0, 10);

    expect(redDiaper).toEqual({ stream: registered.stream, seq: 2, kind: 'diaper-logged', shiftedAt: `${shifted('2026-11-20')}T10:30`, localDate: shifted('2026-11-20'), localTime: '10:30', weekday: 'Fri', ageDays: 80, sex: 'Female', entry: expect.stringMatching(/^e_[0-9a-f]{16}$/), contents: 'both', color: null });
    expect(diaper).toMatchObject({ localTime: '07:15', weekday: 'Sat', ageDays: 81, contents: 'dirty', color: 'yellow' });
    expect(corrected).toMatchObject({ entry: diaper.entry, localTime: '07:15', ageDays: 81, contents: 'dirty', color: 'green' });
    expect(pumping).toEqual({ stream: registered.stream, seq: 4, kind: 'pumping-logged', shiftedAt: `${shifted('2026-11-20')}T21:00`, localDate: shifted('2026-11-20'), localTime: '21:00', weekday: 'Fri', ageDays: 80, sex: 'Female', entry: expect.stringMatching(/^e_/), durationMinutes: 15, leftOz: 3, rightOz: 2.5 });
    expect(growth).toEqual({ stream: registered.stream, seq: 5, kind: 'growth-measured', shiftedAt: shifted('2026-11-19'), localDate: shifted('2026-11-19'), localTime: null, weekday: 'Thu', ageDays: 79, sex: 'Female', entry: expect.stringMatching(/^e_/), weightKg: 5.45, lengthCm: 58.5, headCm: 39.5 });
    expect(imperialGrowth).toMatchObject({ localDate: shifted('2026-11-21'), weekday: 'Sat', ageDays: 81, weightKg: 5.65, lengthCm: null, headCm: null });
    // Deletions are dated by when they were recorded (the test clock: 13:00 in Berlin on the 22nd) and name the entry they withdraw.
    expect(pumpingDeleted).toMatchObject({ kind: 'pumping-deleted', entry: pumping.entry, localTime: '13:00', ageDays: 82 });
    expect(growthDeleted).toMatchObject({ kind: 'growth-deleted', entry: growth.entry, localTime: '13:00' });
    expect(Object.keys(growthDeleted)).toEqual(['stream', 'seq', 'kind', 'shiftedAt', 'localDate', 'localTime', 'weekday', 'ageDays', 'sex', 'entry']);
  });

  it('holds no name, note, e-mail, birth date, real id, unit as entered or colour the app flags', async () => {
    const text = await exportText();
    const secrets = ['Philippa', 'Augustina', 'Vandermeer', 'Grandma', 'example.org', family.daughter.birthDate, '2026-11-20', '2026-11-19'];
    for (const secret of [...secrets, ...Object.values(ids), parent.userId]) expect(text, secret).not.toContain(secret);
    for (const key of ['"notes"', '"unit"', '"enteredIn"', '"occurredAt"', '"measuredOn"', '"leftAmount"', '"childId"', '"ownerId"', '"position"']) expect(text).not.toContain(key);
    // The last line's cursor is opaque base64url, which may hold any two letters: only the research lines are read for units.
    const researchLines = text.trimEnd().split('\n').slice(0, -1).join('\n');
    for (const word of ['mL', 'imperial', 'metric', '"red"']) expect(researchLines).not.toContain(word);
  });
});
