import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childPseudonym, dateShiftDays, entryPseudonym } from '@nightlight/domain/research/research-identity';
import { addDays, daysBetween, localDateOf, zoneOffsetMinutes } from '@nightlight/domain/time/zoned-time';
import { researchDigest } from '@nightlight/infrastructure/crypto/research-digest';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * An adversary who knows real dates tries to re-identify children in the research release: the
 * days the researcher exported, the days each family registered, deleted entries, filled in old
 * ones or deleted their account, and every real clock change. The attack the issue describes lines
 * a line dated by when something was recorded up with that day: shift = shifted date - real date,
 * then birth date = shiftedBirthDate - shift. The others line up the newest line of a child with
 * the export's day, and the nights the clock changed with the real clock-change dates. Tried on a
 * child still being logged, one no longer logged, one filled in long after, and a deleted
 * account's child, none gives the shift or the birth date; the same attacks on lines dated by
 * recording or read on the real clock do give them (the controls at the end).
 */

const STATIC_TOKEN = 'static-researcher-token-for-adversary';
const DAY_MS = 86_400_000;
const PASSWORD = 'Sleepy baby 42';

let now = Date.parse('2024-01-10T12:00:00.000Z');
const at = (instant: string | number) => {
  now = typeof instant === 'number' ? instant : Date.parse(instant);
};

let server: TestServer;

interface Family {
  name: string;
  userId: string;
  childId: string;
  birthDate: string;
  timezone: string;
  /** Real instants of the entries, by entry id. */
  entries: Map<string, string>;
  /** Real days on which something about the child was recorded that is not an entry's own time. */
  recordedDays: { day: string; entryId?: string }[];
}

/**
 * A call as the family's parent at the clock's time. The clock jumps days between writes, so each
 * call gets an access token issued then by the server's own token service, as a sign-in would.
 */
async function as(family: { userId: string }, method: string, path: string, body?: unknown) {
  const token = await server.server.adapters.tokens.issueAccessToken(family.userId);
  return server.call(method, path, { token, body });
}

async function register(name: string, birthDate: string, timezone: string): Promise<Family> {
  const account = await server.call('POST', '/api/auth/register', { body: { email: `${name}-${randomUUID().slice(0, 6)}@example.org`, password: PASSWORD, referralCode: 'TEST42' } });
  expect(account.status).toBe(201);
  const userId = account.body.user.id;
  const child = await as({ userId }, 'POST', '/api/children', { displayName: name, birthDate, sex: 'Female', timezone, researchConsent: true });
  expect(child.status).toBe(201);
  const registeredOn = new Date(now).toISOString().slice(0, 10);
  return { name, userId, childId: child.body.id, birthDate, timezone, entries: new Map(), recordedDays: [{ day: registeredOn }] };
}

/** A feeding at `startedAt`, recorded `lateBy` ms later (a few minutes for one logged as it happens). */
async function feed(family: Family, startedAt: string, lateBy = 30 * 60_000): Promise<string> {
  at(Date.parse(startedAt) + lateBy);
  const answer = await as(family, 'POST', '/api/feedings', {
    childId: family.childId,
    startedAt,
    endedAt: new Date(Date.parse(startedAt) + 20 * 60_000).toISOString(),
    method: 'Bottle',
    type: 'Formula',
    amountOz: 4,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  family.entries.set(answer.body.id, startedAt);
  if (lateBy > DAY_MS) family.recordedDays.push({ day: new Date(now).toISOString().slice(0, 10), entryId: answer.body.id });
  return answer.body.id;
}

async function deleteFeeding(family: Family, entryId: string, on: string): Promise<void> {
  at(on);
  expect((await as(family, 'DELETE', `/api/feedings/${entryId}`)).status).toBe(200);
  family.recordedDays.push({ day: on.slice(0, 10), entryId });
}

/** Days from `from` up to (not including) `until`, every `everyDays` days. */
function daysEvery(from: string, until: string, everyDays: number): string[] {
  const days: string[] = [];
  for (let day = from; day < until; day = addDays(day, everyDays)) days.push(day);
  return days;
}

/** A feeding at 14:00 UTC on each day, each logged as it happens; their ids by day. */
async function feedOn(family: Family, days: readonly string[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const day of [...new Set(days)].sort()) ids.set(day, await feed(family, `${day}T14:00:00.000Z`));
  return ids;
}

/** Feedings every `everyDays` days, and every day around the days the shifted calendar changes its clock. */
const feedRegularly = (family: Family, from: string, until: string, everyDays: number) =>
  feedOn(family, [...daysEvery(from, until, everyDays), ...daysAroundShiftedClockChanges(family, from, until)]);

/**
 * The real days around each clock change of the shifted calendar (in the window a release shows):
 * a child logged then shows the change between two lines a day apart.
 */
function daysAroundShiftedClockChanges(family: Family, from: string, until: string): string[] {
  const shift = dateShiftDays(digest, family.childId);
  return clockChanges(family.timezone)
    .map(({ day }) => addDays(day, -shift))
    .filter((day) => day >= from && day < until)
    .flatMap((day) => [-2, -1, 0, 1, 2].map((offset) => addDays(day, offset)));
}

const families: Record<'live' | 'alsoLive' | 'idle' | 'backFilled' | 'deleted', Family> = {} as never;
let digest: (message: string) => string;
const exports: { day: string; lines: any[]; end: any }[] = [];

async function exportAt(day: string, from?: string) {
  at(`${day}T12:00:00.000Z`);
  const response = await fetch(`${server.url}/api/research/events${from ? `?from=${encodeURIComponent(from)}` : ''}`, { headers: { authorization: `Bearer ${STATIC_TOKEN}` } });
  expect(response.status).toBe(200);
  const lines = (await response.text())
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line));
  const end = lines.pop();
  exports.push({ day, lines, end });
  return { lines, end };
}

beforeAll(async () => {
  server = await startTestServer({ RESEARCH_TOKENS: STATIC_TOKEN, RESEARCH_MIN_CHILDREN: '1' }, { clock: () => new Date(now) });
  digest = researchDigest({ RESEARCH_SECRET: undefined, dataDir: server.dataDir });

  // Registered in January 2024 and logged every five days ever since, through two years of New York's clock changes.
  at('2024-01-10T15:00:00.000Z');
  families.live = await register('live', '2024-01-08', 'America/New_York');
  at('2024-06-02T09:00:00.000Z');
  families.alsoLive = await register('alsoLive', '2024-06-01', 'Europe/Berlin');
  at('2024-08-16T09:00:00.000Z');
  families.deleted = await register('deleted', '2024-08-15', 'America/Chicago');
  at('2024-09-02T09:00:00.000Z');
  families.idle = await register('idle', '2024-09-01', 'Europe/Berlin');

  // No longer logged since February 2025; one feeding deleted in March 2025.
  const idle = await feedRegularly(families.idle, '2024-09-03', '2025-02-02', 7);
  await deleteFeeding(families.idle, idle.get('2024-12-10')!, '2025-03-20T10:00:00.000Z');
  // A deleted account: logged until March 2025, a feeding deleted two months after it was given, the account deleted in 2026.
  const deleted = await feedRegularly(families.deleted, '2024-08-17', '2025-03-02', 7);
  await deleteFeeding(families.deleted, deleted.get('2024-11-02')!, '2025-03-10T10:00:00.000Z');

  const live = await feedRegularly(families.live, '2024-01-12', '2026-02-28', 5);
  await feedRegularly(families.alsoLive, '2024-06-03', '2026-02-28', 7);

  // Registered in February 2026 and filled in with the autumn of 2024, a year and more after it happened.
  at('2026-02-20T18:00:00.000Z');
  families.backFilled = await register('backFilled', '2024-10-01', 'UTC');
  const backFilled = new Map<string, string>();
  for (const day of daysEvery('2024-10-03', '2025-01-31', 7)) {
    const startedAt = `${day}T14:00:00.000Z`;
    backFilled.set(day, await feed(families.backFilled, startedAt, Date.parse('2026-02-20T19:00:00.000Z') - Date.parse(startedAt)));
  }
  await deleteFeeding(families.backFilled, backFilled.get('2024-10-24')!, '2026-02-25T20:00:00.000Z');
  await deleteFeeding(families.live, live.get('2025-05-16')!, '2026-02-26T20:00:00.000Z');

  at('2026-02-27T10:00:00.000Z');
  expect((await as(families.deleted, 'DELETE', '/api/settings/user/account', { password: PASSWORD, confirmText: 'DELETE' })).status).toBe(200);
  families.deleted.recordedDays.push({ day: '2026-02-27' });

  const first = await exportAt('2026-03-01');
  // Two more weeks of the live children, then the researcher resumes.
  await feedOn(families.live, daysEvery('2026-03-01', '2026-03-15', 1));
  await feedOn(families.alsoLive, daysEvery('2026-03-01', '2026-03-15', 2));
  await exportAt('2026-03-15', first.end.resumeFrom);
}, 300_000);
afterAll(() => server.close());

const truth = (family: Family) => ({ stream: childPseudonym(digest, family.childId), shift: dateShiftDays(digest, family.childId) });
const streamLines = (family: Family, lines: any[]) => lines.filter((line) => line.stream === truth(family).stream);
const everyFamily = () => Object.values(families);

/** What a pairing of a shifted date with a real date claims: the shift, and with it the birth date. */
function claim(shiftedDate: string, realDate: string, shiftedBirthDate: string) {
  const shift = daysBetween(realDate, shiftedDate);
  return { shift, birthDate: addDays(shiftedBirthDate, -shift) };
}

/** The real days a zone's clock changed, with the direction: +60 forward, -60 back. */
function clockChanges(timezone: string): { day: string; minutes: number }[] {
  const changes: { day: string; minutes: number }[] = [];
  for (let day = Date.parse('2023-01-01T12:00:00Z'); day < Date.parse('2027-12-31T12:00:00Z'); day += DAY_MS) {
    const minutes = zoneOffsetMinutes(day + DAY_MS, timezone) - zoneOffsetMinutes(day, timezone);
    if (minutes !== 0) changes.push({ day: localDateOf(day + DAY_MS, timezone), minutes });
  }
  return changes;
}

/**
 * The clock changes a sequence of dated points shows (the points' clock against elapsed time), each
 * lined up with the real changes of the same direction: the whole-week shifts within 26 weeks that
 * would put it there.
 */
function shiftsFromClockChanges(points: { date: string; offset: number }[], timezone: string): number[] {
  const shifts = new Set<number>();
  for (let index = 1; index < points.length; index += 1) {
    const [before, after] = [points[index - 1]!, points[index]!];
    const minutes = after.offset - before.offset;
    if (minutes === 0) continue;
    for (const change of clockChanges(timezone).filter((candidate) => candidate.minutes === minutes)) {
      for (let shift = daysBetween(change.day, before.date) - 1; shift <= daysBetween(change.day, after.date) + 1; shift += 1) {
        if (shift % 7 === 0 && Math.abs(shift) <= 182) shifts.add(shift);
      }
    }
  }
  return [...shifts];
}

/** A line's clock against elapsed time: the wall-clock minutes since the shifted birth less the minutes that passed. */
const wallMinutes = (line: any) => line.ageDays * 1440 + Number(line.localTime.slice(0, 2)) * 60 + Number(line.localTime.slice(3, 5));
const clockOf = (line: any) => ({ date: line.localDate, offset: wallMinutes(line) - line.minute });

describe('an adversary with the real calendar', () => {
  it('finds no date on the lines once dated by when something was recorded: registration, anonymisation', () => {
    for (const { lines } of exports) {
      for (const line of lines.filter((candidate) => candidate.kind.startsWith('child-') || candidate.kind === 'stream-restated')) {
        expect(Object.keys(line).filter((key) => /date|At$|Time|weekday|minute|ageDays/i.test(key) && key !== 'shiftedBirthDate')).toEqual([]);
      }
    }
    expect(exports[0]!.lines.filter((line) => line.kind === 'child-registered')).toHaveLength(5);
    expect(exports[0]!.lines.filter((line) => line.kind === 'child-anonymized')).toEqual([{ schemaVersion: 2, stream: truth(families.deleted).stream, seq: expect.any(Number), kind: 'child-anonymized' }]);
  });

  it('lines every deletion and every entry filled in late up with the day it was recorded, and gets neither the shift nor the birth date', () => {
    for (const family of everyFamily()) {
      const { shift } = truth(family);
      const lines = streamLines(family, exports[0]!.lines);
      const shiftedBirthDate = lines[0].shiftedBirthDate;
      for (const { day, entryId } of family.recordedDays.filter((recorded) => recorded.entryId)) {
        const line = lines.filter((candidate) => candidate.entry === entryPseudonym(digest, entryId!)).at(-1);
        if (!line) continue;
        // Dated by the entry's own time, moved by the shift: never by the day it was deleted or filled in.
        expect(line.localDate).toBe(addDays(localDateOf(family.entries.get(entryId!)!, family.timezone), shift));
        const claimed = claim(line.localDate, day, shiftedBirthDate);
        expect(claimed.shift, `${family.name} ${line.kind}`).not.toBe(shift);
        expect(claimed.birthDate, `${family.name} ${line.kind}`).not.toBe(family.birthDate);
      }
    }
  });

  it("lines each child's newest line up with the day of each export: a child still logged ends at the release's last day whatever its shift", () => {
    for (const { day, lines, end } of exports) {
      for (const family of everyFamily()) {
        const own = streamLines(family, lines).filter((line) => line.localDate);
        if (own.length === 0) continue;
        const newest = own.map((line) => line.localDate).sort().at(-1);
        const claimed = claim(newest, day, streamLines(family, exports[0]!.lines)[0].shiftedBirthDate);
        expect(claimed.shift, `${family.name} on ${day}`).not.toBe(truth(family).shift);
        expect(claimed.birthDate, `${family.name} on ${day}`).not.toBe(family.birthDate);
        // Its newest line is the last it has before the release's end: within the days between its feedings of that time.
        if (family === families.live || family === families.alsoLive) expect(daysBetween(newest, end.shiftedThrough), `${family.name} on ${day}`).toBeLessThan(family === families.live ? 5 : 7);
      }
    }
    // What a resume adds of a child still logged lies between the two releases' last days, whatever its shift.
    const [first, resumed] = exports;
    for (const family of [families.live, families.alsoLive]) {
      const added = streamLines(family, resumed!.lines).map((line) => line.localDate);
      expect(added.length).toBeGreaterThan(0);
      for (const date of added) expect(date > first!.end.shiftedThrough && date <= resumed!.end.shiftedThrough, date).toBe(true);
    }
  });

  it('lines the clock changes the lines show up with the real ones, and finds them where the shifted calendar has its own', () => {
    for (const family of everyFamily()) {
      const lines = streamLines(family, exports[0]!.lines).filter((line) => line.kind.endsWith('-logged') && line.minute !== null);
      const shifts = shiftsFromClockChanges(lines.map(clockOf), family.timezone);
      expect(shifts.filter((shift) => shift !== 0), family.name).toEqual([]);
      expect(shifts).not.toContain(truth(family).shift);
    }
    // The New York child's lines do show the shifted calendar's clock changes: the test looks at real ones.
    const changesShown = streamLines(families.live, exports[0]!.lines).filter((line) => line.clockChangeMinutes !== 0 && line.clockChangeMinutes !== null);
    expect(changesShown.length).toBeGreaterThan(0);
  });
});

describe('the same attacks on lines that kept the real calendar', () => {
  it('give the shift away: a deletion dated by the day it was recorded', () => {
    const family = families.idle;
    const { shift } = truth(family);
    const deletion = family.recordedDays.find((recorded) => recorded.entryId)!;
    const shiftedBirthDate = addDays(family.birthDate, shift);
    expect(claim(addDays(deletion.day, shift), deletion.day, shiftedBirthDate)).toEqual({ shift, birthDate: family.birthDate });
  });

  it("give the shift away: lines read on the real clock show the real nights it changed", () => {
    const family = families.live;
    const { shift } = truth(family);
    const points = [...family.entries.values()]
      .sort()
      .map((instant) => ({ date: addDays(localDateOf(instant, family.timezone), shift), offset: zoneOffsetMinutes(instant, family.timezone) }))
      .filter((point) => point.date <= exports[0]!.end.shiftedThrough);
    expect(shiftsFromClockChanges(points, family.timezone)).toContain(shift);
  });
});
