import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateOf, localTimeOf } from '@nightlight/domain/time/zoned-time';
import { startTestServer, type TestServer } from './support/test-server';

// Diaper changes, pumping sessions and growth measurements in the research replay, logged through
// the API as a parent logs them. Every figure below is worked out by hand in the comments; the
// entries are a year before the clock, so the release (184 days behind it) holds them all.

const STATIC_TOKEN = 'static-researcher-token-for-kinds';
const NOW = new Date('2026-11-29T12:00:00.000Z');
const DAY_MS = 86_400_000;
const BERLIN = 'Europe/Berlin';

const family = {
  email: 'augustina.vandermeer@example.org',
  password: 'Sunrise2026',
  // Berlin is UTC+1 in November: Friday 21 November 2025 is her 80th day (28 in September, 31 in October, 21 in November).
  daughter: { displayName: 'Philippa', birthDate: '2025-09-02', sex: 'Female', timezone: BERLIN, researchConsent: true },
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
  server = await startTestServer({ RESEARCH_TOKENS: STATIC_TOKEN, RESEARCH_MIN_CHILDREN: '1' }, { clock: () => NOW });
  const registered = await server.call('POST', '/api/auth/register', { body: { email: family.email, password: family.password, referralCode: 'TEST42' } });
  expect(registered.status).toBe(201);
  parent = { token: registered.body.accessToken, userId: registered.body.user.id };
  const childId = (ids.daughter = await call('POST', '/api/children', family.daughter));
  // 10:30 in Berlin on the 21st. Red is a warning sign: it does not leave.
  ids.redDiaper = await call('POST', '/api/diapers', { childId, occurredAt: '2025-11-21T09:30:00.000Z', contents: 'both', color: 'red', notes: 'Philippa at Grandma Augustina’s' });
  // 07:15 in Berlin on Saturday the 22nd, her 81st day.
  ids.diaper = await call('POST', '/api/diapers', { childId, occurredAt: '2025-11-22T06:15:00.000Z', contents: 'dirty', color: 'yellow' });
  // 21:00 in Berlin on the 21st, 15 minutes; 90 mL is 3.04 oz and 75 mL 2.54 oz: 3 and 2.5 on the quarter-ounce grid.
  ids.pumping = await call('POST', '/api/pumpings', { childId, startedAt: '2025-11-21T20:00:00.000Z', durationMinutes: 15, leftAmount: 90, rightAmount: 75, unit: 'mL', notes: 'Pumped at Vandermeer & Co' });
  // The 20th, her 79th day: 5.437 kg, 58.26 cm, 39.74 cm become 5.45 kg, 58.5 cm and 39.5 cm.
  ids.growth = await call('POST', '/api/growth', { childId, measuredOn: '2025-11-20', weightKg: 5.437, lengthCm: 58.26, headCm: 39.74 });
  // The 22nd in pounds: 12.5 lb is kept as 5.670 kg, 113.4 steps of 50 g: 5.65 kg.
  ids.imperialGrowth = await call('POST', '/api/growth', { childId, measuredOn: '2025-11-22', weightLb: 12.5 });
  // The yellow diaper corrected to green; the pumping session and the first measurement deleted.
  await call('PUT', `/api/diapers/${ids.diaper}`, { childId, occurredAt: '2025-11-22T06:15:00.000Z', contents: 'dirty', color: 'green' });
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
    expect(end).toMatchObject({ kind: 'end', lines: 9, children: 1 });
    expect(lines.map((line) => [line.seq, line.kind])).toEqual([
      [1, 'child-registered'],
      [2, 'diaper-logged'],
      [3, 'diaper-logged'],
      [4, 'pumping-logged'],
      [5, 'growth-logged'],
      [6, 'growth-logged'],
      [7, 'diaper-corrected'],
      [8, 'pumping-deleted'],
      [9, 'growth-deleted'],
    ]);
  });

  it('gives the figures worked out by hand, on the shifted calendar with true weekdays', async () => {
    const [registered, redDiaper, diaper, pumping, growth, imperialGrowth, corrected, pumpingDeleted, growthDeleted] = linesOf(await exportText());
    const shift = (Date.parse(registered.shiftedBirthDate) - Date.parse(family.daughter.birthDate)) / DAY_MS;
    expect(Math.abs(shift) % 7).toBe(0);
    expect(shift).not.toBe(0);
    const shiftedDay = (date: string) => new Date(Date.parse(date) + shift * DAY_MS).toISOString().slice(0, 10);
    // Berlin's clock at the instant moved by the shift: the true time, or an hour off when the shift crosses a clock change.
    const clockAt = (instant: string) => {
      const moved = Date.parse(instant) + shift * DAY_MS;
      return { localDate: localDateOf(moved, BERLIN), localTime: localTimeOf(moved, BERLIN) };
    };
    const none = { method: null, type: null, amountOz: null, leftMinutes: null, rightMinutes: null, night: null, roomTempF: null, whiteNoise: null, sleepSackTog: null, contents: null, color: null, leftOz: null, rightOz: null, solidAmount: null, solidReaction: null, temperatureC: null, temperatureMethod: null, weightKg: null, lengthCm: null, headCm: null };
    const start = { schemaVersion: 2, stream: registered.stream, sex: 'Female' };

    const red = clockAt('2025-11-21T09:30:00.000Z');
    expect(redDiaper).toEqual({
      ...start,
      seq: 2,
      kind: 'diaper-logged',
      entry: expect.stringMatching(/^e_[0-9a-f]{16}$/),
      shiftedAt: `${red.localDate}T${red.localTime}`,
      shiftedEndAt: null,
      ...red,
      weekday: 'Fri',
      ageDays: 80,
      minute: expect.any(Number),
      endMinute: null,
      durationMinutes: null,
      clockChangeMinutes: 0,
      ...none,
      contents: 'both',
      color: null,
    });
    expect(diaper).toMatchObject({ ...clockAt('2025-11-22T06:15:00.000Z'), weekday: 'Sat', ageDays: 81, contents: 'dirty', color: 'yellow' });
    expect(corrected).toMatchObject({ entry: diaper.entry, ...clockAt('2025-11-22T06:15:00.000Z'), ageDays: 81, contents: 'dirty', color: 'green' });
    // From the red diaper to the yellow one: 20 h 45 min, 1,245 minutes, whatever the clocks did.
    expect(diaper.minute - redDiaper.minute).toBe(1245);
    expect(pumping).toMatchObject({ kind: 'pumping-logged', ...clockAt('2025-11-21T20:00:00.000Z'), weekday: 'Fri', ageDays: 80, durationMinutes: 15, endMinute: pumping.minute + 15, leftOz: 3, rightOz: 2.5, method: null, amountOz: null });
    expect(growth).toEqual({
      ...start,
      seq: 5,
      kind: 'growth-logged',
      entry: expect.stringMatching(/^e_/),
      shiftedAt: null,
      shiftedEndAt: null,
      localDate: shiftedDay('2025-11-20'),
      localTime: null,
      weekday: 'Thu',
      ageDays: 79,
      minute: null,
      endMinute: null,
      durationMinutes: null,
      clockChangeMinutes: null,
      ...none,
      weightKg: 5.45,
      lengthCm: 58.5,
      headCm: 39.5,
    });
    expect(imperialGrowth).toMatchObject({ localDate: shiftedDay('2025-11-22'), weekday: 'Sat', ageDays: 81, weightKg: 5.65, lengthCm: null, headCm: null });
    // A deletion carries the dates of the entry it withdraws, never when it was deleted (the clock says 29 November).
    expect(pumpingDeleted).toEqual({ ...pumping, seq: 8, kind: 'pumping-deleted', ...none });
    expect(growthDeleted).toEqual({ ...growth, seq: 9, kind: 'growth-deleted', ...none });
  });

  it('holds no name, note, e-mail, birth date, real id, unit as entered or colour the app flags', async () => {
    const text = await exportText();
    const secrets = ['Philippa', 'Augustina', 'Vandermeer', 'Grandma', 'example.org', family.daughter.birthDate, '2025-11-21', '2025-11-20', '2026-11-29'];
    for (const secret of [...secrets, ...Object.values(ids), parent.userId]) expect(text, secret).not.toContain(secret);
    for (const key of ['"notes"', '"unit"', '"enteredIn"', '"occurredAt"', '"measuredOn"', '"leftAmount"', '"childId"', '"ownerId"', '"position"']) expect(text).not.toContain(key);
    // The last line's cursor is opaque base64url, which may hold any two letters: only the research lines are read for units.
    const researchLines = text.trimEnd().split('\n').slice(0, -1).join('\n');
    for (const word of ['mL', 'imperial', 'metric', '"red"']) expect(researchLines).not.toContain(word);
  });
});
