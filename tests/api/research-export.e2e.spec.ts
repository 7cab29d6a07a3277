import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { researchLineSchema } from '@nightlight/domain/research/research-line.schemas';
import { createResearchReplica } from '@nightlight/domain/research/research-replica';
import { localDateOf, localTimeOf } from '@nightlight/domain/time/zoned-time';
import { REPO_ROOT } from './support/service-process';
import { startTestServer, type TestServer } from './support/test-server';

const run = promisify(execFile);
const STATIC_TOKEN = 'static-researcher-token-for-tests';
// A fixed clock keeps every local date, and so every shifted date, the same on every run. The
// release stops 184 days before the newest recording on the shifted calendar: the entries, a year
// earlier, are all in it whatever a child's shift (at most 26 weeks).
const NOW = new Date('2026-11-29T12:00:00.000Z');
const DAY_MS = 86_400_000;

const family = {
  email: 'josephine.wilhelmsen@example.org',
  password: 'Sunrise2026',
  daughter: { displayName: 'Wilhelmina', birthDate: '2025-09-02', sex: 'Female', timezone: 'Europe/Berlin' },
  son: { displayName: 'Bartholomew', birthDate: '2025-10-13', sex: 'Male', timezone: 'America/New_York' },
  // Added by mistake and removed again: removing a child deletes it with all its data.
  removed: { displayName: 'Leopoldine', birthDate: '2025-08-04', sex: 'Female', timezone: 'Europe/Vienna' },
};

let server: TestServer;
let parent: { token: string; userId: string };
const ids: Record<'daughter' | 'son' | 'removed' | 'feeding' | 'sleep' | 'sonFeeding' | 'removedFeeding', string> = {
  daughter: '',
  son: '',
  removed: '',
  feeding: '',
  sleep: '',
  sonFeeding: '',
  removedFeeding: '',
};

async function created(pathname: string, body: unknown): Promise<string> {
  const answer = await server.call('POST', pathname, { token: parent.token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.id;
}

async function researchConsent(childId: string, consent: boolean): Promise<void> {
  expect((await server.call('PUT', `/api/children/${childId}/research-consent`, { token: parent.token, body: { consent } })).status).toBe(200);
}

beforeAll(async () => {
  server = await startTestServer({ RESEARCH_TOKENS: `other-token,${STATIC_TOKEN}`, RESEARCH_MIN_CHILDREN: '2' }, { clock: () => NOW });
  const registered = await server.call('POST', '/api/auth/register', { body: { email: family.email, password: family.password, referralCode: 'TEST42' } });
  expect(registered.status).toBe(201);
  parent = { token: registered.body.accessToken, userId: registered.body.user.id };
  // Agreed to research in the consent dialog for the first; for the others, later in Settings.
  ids.daughter = await created('/api/children', { ...family.daughter, researchConsent: true });
  ids.removed = await created('/api/children', family.removed);
  ids.son = await created('/api/children', family.son);
  await researchConsent(ids.son, true);
  await researchConsent(ids.removed, true);
  ids.removedFeeding = await created('/api/feedings', { childId: ids.removed, startedAt: '2025-11-20T07:00:00.000Z', method: 'Nursing', notes: 'Leopoldine at dawn' });
  // 10:30 in Berlin on Friday 21 November 2025, the day she is 80 days old.
  ids.feeding = await created('/api/feedings', {
    childId: ids.daughter,
    startedAt: '2025-11-21T09:30:00.000Z',
    endedAt: '2025-11-21T09:55:00.000Z',
    amountOz: 4,
    method: 'Bottle',
    type: 'Formula',
    notes: 'Grandma Josephine fed her',
  });
  // 19:45 → 02:15 in Berlin: a night sleep of 390 minutes.
  ids.sleep = await created('/api/sleep', {
    childId: ids.daughter,
    startedAt: '2025-11-21T18:45:00.000Z',
    endedAt: '2025-11-22T01:15:00.000Z',
    environment: { roomTemp: 68, whiteNoise: true, sleepSackTag: 'Josephine knitted it, 2.5 TOG' },
    notes: 'Uncle Bartholomew sang to her',
  });
  ids.sonFeeding = await created('/api/feedings', { childId: ids.son, startedAt: '2025-11-22T14:00:00.000Z', method: 'Nursing', notes: 'At Wilhelmsen house' });
  const removed = await server.call('DELETE', `/api/settings/children/${ids.removed}`, { token: parent.token, body: { confirmText: 'DELETE' } });
  expect(removed.status).toBe(200);
});
afterAll(() => server.close());

async function httpExport(token: string | null, from?: string): Promise<{ status: number; contentType: string | null; text: string }> {
  const query = from === undefined ? '' : `?from=${encodeURIComponent(from)}`;
  const response = await fetch(`${server.url}/api/research/events${query}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.status, contentType: response.headers.get('content-type'), text: await response.text() };
}

const linesOf = (text: string): any[] => text.trimEnd().split('\n').map((line) => JSON.parse(line));

/** The research lines of an export and its last line, which says where the next one resumes. */
async function exported(from?: string): Promise<{ lines: any[]; end: { kind: string; lines: number; children: number; resumeFrom: string } }> {
  const lines = linesOf((await httpExport(STATIC_TOKEN, from)).text);
  const end = lines.pop();
  return { lines, end };
}

/** `npm run research -- …` as a researcher runs it, against the test server's DATA_DIR. */
async function researchCli(...args: string[]): Promise<{ stdout: string; stderr: string }> {
  return run(path.join(REPO_ROOT, 'node_modules/.bin/tsx'), ['projector/src/research/research-cli.ts', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: server.dataDir, RESEARCH_MIN_CHILDREN: '2' },
  });
}

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { code: number; stderr: string }) => error,
  );

/** A child's shift in days, from its registration line: its shifted birth date against the real one. */
const shiftOf = (registered: { shiftedBirthDate: string }, birthDate: string) => (Date.parse(registered.shiftedBirthDate) - Date.parse(birthDate)) / DAY_MS;

describe('the research replay', () => {
  it('holds no name, note, e-mail, birth date, real id, user id or log position, over HTTP and from the CLI alike', async () => {
    const http = await httpExport(STATIC_TOKEN);
    expect(http.status).toBe(200);
    expect(http.contentType).toBe('application/x-ndjson');
    const out = path.join(server.dataDir, 'export.ndjson');
    const cli = await researchCli('export', '--out', out);
    const fromCli = readFileSync(out, 'utf8');
    expect(fromCli).toBe(http.text);
    const end = linesOf(http.text).at(-1);
    expect(end).toEqual({ schemaVersion: 2, kind: 'end', lines: 5, children: 2, shiftedThrough: '2026-05-28', resumeFrom: expect.stringMatching(/^rc2\.[\w-]+$/) });
    expect(cli.stderr).toContain(`Exported 5 lines of 2 children; resume with --from ${end.resumeFrom}`);

    const secrets = ['Wilhelmina', 'Bartholomew', 'Leopoldine', 'Josephine', 'Grandma', 'Wilhelmsen', 'example.org', family.daughter.birthDate, family.son.birthDate];
    for (const secret of [...secrets, ...Object.values(ids), parent.userId]) {
      expect(http.text, secret).not.toContain(secret);
    }
    for (const key of ['"ownerId"', '"userId"', '"childId"', '"notes"', '"displayName"', '"correlationId"', '"email"', '"position"']) expect(http.text).not.toContain(key);
    // Every line is one the codebook describes.
    for (const line of linesOf(http.text)) expect(researchLineSchema.safeParse(line).error, JSON.stringify(line)).toBeUndefined();
  });

  it('gives each child its own stable pseudonym, one group per child, numbered in the order of its events', async () => {
    const { lines: first } = await exported();
    const { lines: second } = await exported();
    expect(second).toEqual(first);
    const daughter = first.find((line) => line.sex === 'Female')!.stream;
    const son = first.find((line) => line.sex === 'Male')!.stream;
    expect(daughter).toMatch(/^c_[0-9a-f]{16}$/);
    expect(son).toMatch(/^c_[0-9a-f]{16}$/);
    expect(son).not.toBe(daughter);
    // Grouped by pseudonym, never by when things happened across children.
    const [firstStream, secondStream] = [daughter, son].sort();
    const expected = {
      [daughter]: [[1, 'child-registered'], [2, 'feeding-logged'], [3, 'sleep-logged']],
      [son]: [[1, 'child-registered'], [2, 'feeding-logged']],
    };
    expect(first.map((line) => [line.stream, line.seq, line.kind])).toEqual([
      ...expected[firstStream!]!.map((line) => [firstStream, ...line]),
      ...expected[secondStream!]!.map((line) => [secondStream, ...line]),
    ]);
  });

  it("keeps exact ages and elapsed minutes while dates move by whole weeks, on the child's shifted clock", async () => {
    const { lines } = await exported();
    const [registered, feeding, sleep] = lines.filter((line) => line.sex === 'Female');
    expect(registered).toEqual({ schemaVersion: 2, stream: feeding.stream, seq: 1, kind: 'child-registered', sex: 'Female', shiftedBirthDate: expect.any(String), ageFrom: 'birth-date', nightWindowStart: '19:00', nightWindowEnd: '08:00' });
    const shift = shiftOf(registered, family.daughter.birthDate);
    expect(Math.abs(shift) % 7).toBe(0);
    expect(shift).not.toBe(0);
    // The line's clock is Berlin's at the instant moved by the shift: 10:30 unless the shift crosses a clock change.
    const moved = Date.parse('2025-11-21T09:30:00.000Z') + shift * DAY_MS;
    expect(feeding).toMatchObject({ kind: 'feeding-logged', localDate: localDateOf(moved, 'Europe/Berlin'), localTime: localTimeOf(moved, 'Europe/Berlin'), weekday: 'Fri', ageDays: 80 });
    expect(feeding).toMatchObject({ method: 'Bottle', type: 'Formula', amountOz: 4, durationMinutes: 25, endMinute: feeding.minute + 25 });
    expect(feeding.shiftedAt).toBe(`${feeding.localDate}T${feeding.localTime}`);
    expect(feeding.entry).toMatch(/^e_[0-9a-f]{16}$/);
    // From the feeding's start to the sleep's: 9 h 15 min, 555 minutes, on any clock.
    expect(sleep).toMatchObject({ kind: 'sleep-logged', ageDays: 80, durationMinutes: 390, night: true, roomTempF: 68, whiteNoise: true, sleepSackTog: 2.5 });
    expect(sleep.minute - feeding.minute).toBe(555);
    // Born 13 October in New York, fed there on Saturday 22 November.
    const sonFeeding = lines.find((line) => line.sex === 'Male' && line.kind === 'feeding-logged');
    expect(sonFeeding).toMatchObject({ kind: 'feeding-logged', sex: 'Male', weekday: 'Sat', ageDays: 40, method: 'Nursing', type: null, amountOz: null });
  });

  it('leaves out the child its parent removed, with everything logged for it', async () => {
    const { lines } = await exported();
    expect(lines.filter((line) => line.kind === 'child-registered')).toHaveLength(2);
    expect(lines.some((line) => line.kind === 'child-removed')).toBe(false);
  });

  it('resumes from the cursor of its last line, with nothing repeated or lost', async () => {
    const { lines: all, end } = await exported();
    const resumed = await exported(end.resumeFrom);
    expect(resumed).toEqual({ lines: [], end: { ...end, lines: 0 } });
    expect((await httpExport(STATIC_TOKEN, '0')).text).toBe((await httpExport(STATIC_TOKEN)).text);
    expect(all).toHaveLength(5);
  });

  it('feeds the worked example, which tables the mean longest night stretch by age', async () => {
    const file = path.join(server.dataDir, 'for-example.ndjson');
    writeFileSync(file, (await httpExport(STATIC_TOKEN)).text);
    const { stdout } = await run(path.join(REPO_ROOT, 'node_modules/.bin/tsx'), ['tests/research/mean-night-stretch-by-age.ts', file], { cwd: REPO_ROOT });
    expect(stdout).toBe(['age (weeks)  nights  children  mean longest night stretch', '         11       1         1                      6h 30m', ''].join('\n'));
  });

  it.each(['-1', '12', 'rc2.AAAA', 'x'.repeat(201)])('refuses %s as from: only a cursor it issued resumes an export', async (from) => {
    const answer = await server.call('GET', `/api/research/events?from=${from}`, { token: STATIC_TOKEN });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe("from must be the resumeFrom of an earlier export's last line");
  });

  it('tells a researcher whose cursor is of the earlier line format to start again', async () => {
    const answer = await server.call('GET', '/api/research/events?from=rc1.AAAA', { token: STATIC_TOKEN });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('from is the resumeFrom of an export in an earlier line format: start again with a full export (no from)');
  });

  it('refuses a made-up cursor on the command line too', async () => {
    const failed = await failureOf(researchCli('export', '--from', '12'));
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain("--from must be the resumeFrom of an earlier export's last line");
  });

  it('refuses a release of fewer children than RESEARCH_MIN_CHILDREN, over HTTP and from the CLI, and writes nothing', async () => {
    await researchConsent(ids.son, false);
    try {
      const message = 'This release would hold 1 child; research data leaves only in releases of at least 2 (RESEARCH_MIN_CHILDREN)';
      const answer = await server.call('GET', '/api/research/events', { token: STATIC_TOKEN });
      expect(answer).toMatchObject({ status: 409, body: { message } });
      for (const table of ['entries.csv', 'children.parquet']) expect(await server.call('GET', `/api/research/${table}`, { token: STATIC_TOKEN })).toMatchObject({ status: 409, body: { message } });
      const out = path.join(server.dataDir, 'too-small.ndjson');
      const failed = await failureOf(researchCli('export', '--out', out));
      expect(failed?.code).toBe(1);
      expect(failed?.stderr.trim()).toBe(message);
      expect(() => readFileSync(out)).toThrow();
    } finally {
      await researchConsent(ids.son, true);
    }
  });
});

describe('who may replay', () => {
  it('needs a credential, and turns a parent away with 403', async () => {
    const none = await server.call('GET', '/api/research/events');
    expect(none.status).toBe(401);
    const forged = await server.call('GET', '/api/research/events', { token: `${STATIC_TOKEN}x` });
    expect(forged.status).toBe(401);
    const asParent = await server.call('GET', '/api/research/events', { token: parent.token });
    expect(asParent.status).toBe(403);
    expect(asParent.body).toEqual({ message: 'Research access requires a researcher credential', code: 'auth.researcherOnly' });
    for (const table of ['entries.csv', 'entries.parquet', 'children.csv', 'children.parquet']) {
      expect((await server.call('GET', `/api/research/${table}`)).status).toBe(401);
      expect((await server.call('GET', `/api/research/${table}`, { token: parent.token })).status).toBe(403);
    }
  });

  it('admits a token minted with `research token`, and one from RESEARCH_TOKENS', async () => {
    const minted = (await researchCli('token', '--days', '7')).stdout.trim();
    expect((await httpExport(minted)).status).toBe(200);
    expect((await httpExport('other-token')).status).toBe(200);
    // A research token is not a parent's: it opens no family data.
    expect((await server.call('GET', '/api/children', { token: minted })).status).toBe(401);
  });

  it("mints tokens for at most 90 days, signed with the research key rather than the parents' one", async () => {
    const refused = await failureOf(researchCli('token', '--days', '91'));
    expect(refused?.code).toBe(1);
    expect(refused?.stderr).toContain('--days must be a whole number from 1 to 90');
    // Signed with JWT_SECRET, as parents' tokens are: not a researcher credential.
    const jwtSecret = Buffer.from(readFileSync(path.join(server.dataDir, 'jwt.key'), 'utf8').trim(), 'base64');
    const issuedAt = Math.floor(NOW.getTime() / 1000);
    const withParentKey = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('researcher')
      .setIssuer('nightlight')
      .setAudience('nightlight-research')
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 86_400)
      .sign(jwtSecret);
    const answer = await server.call('GET', '/api/research/events', { token: withParentKey });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ message: 'Invalid or expired researcher credential', code: 'auth.researcherInvalid' });
  });
});

describe('after the account is deleted', () => {
  it("still exports the children's streams under the same pseudonyms, ages from the birth month only, and restates them to whoever resumes", async () => {
    const before = await exported();
    const deleted = await server.call('DELETE', '/api/settings/user/account', { token: parent.token, body: { password: family.password, confirmText: 'DELETE' } });
    expect(deleted.status).toBe(200);
    // The key is gone: birth dates can no longer be opened.
    expect(await server.server.adapters.cipher.open(parent.userId, 'v1.a.b.c')).toBeNull();

    const after = await exported();
    const streams = [...new Set(before.lines.map((line) => line.stream))];
    expect([...new Set(after.lines.map((line) => line.stream))]).toEqual(streams);
    const withoutAge = ({ ageDays: _age, minute: _minute, endMinute: _end, shiftedBirthDate: _birth, ageFrom: _from, ...line }: any) => line;
    for (const stream of streams) {
      const was = before.lines.filter((line) => line.stream === stream);
      const is = after.lines.filter((line) => line.stream === stream);
      expect(is.slice(0, was.length).map(withoutAge)).toEqual(was.map(withoutAge));
      expect(is.slice(was.length).map((line) => [line.seq, line.kind])).toEqual([[was.length + 1, 'child-anonymized']]);
      expect(is[0]).toMatchObject({ kind: 'child-registered', ageFrom: 'birth-month' });
      // A secret day of the true birth month stands in for the birth date: every age moves by the
      // same number of days, less than a month.
      const moves = new Set(was.slice(1).map((line, index) => is[index + 1].ageDays - line.ageDays));
      expect(moves.size).toBe(1);
      expect(Math.abs([...moves][0] as number)).toBeLessThan(31);
      // No line of the child carries a date of when something was recorded: not even the deletion's.
      expect(is.filter((line) => line.kind.startsWith('child-')).every((line) => !('localDate' in line) && !('shiftedAt' in line))).toBe(true);
    }

    // The sleep-sack tag was sealed with the destroyed key; its TOG rating, recorded apart, stays.
    expect(after.lines.find((line) => line.kind === 'sleep-logged')).toMatchObject({ roomTempF: 68, whiteNoise: true, sleepSackTog: 2.5 });

    // Resumed from before the deletion: every age changed, so each stream is restated, and the
    // researcher ends up holding what a fresh export gives.
    const resumed = await exported(before.end.resumeFrom);
    expect(resumed.lines.filter((line) => line.kind === 'stream-restated').map((line) => line.stream)).toEqual(streams);
    const replica = createResearchReplica();
    for (const line of [...before.lines, ...resumed.lines]) replica.apply(line);
    expect(replica.lines().flat()).toEqual(after.lines);
  });
});
