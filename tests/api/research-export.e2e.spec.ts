import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './support/service-process';
import { startTestServer, type TestServer } from './support/test-server';

const run = promisify(execFile);
const STATIC_TOKEN = 'static-researcher-token-for-tests';
// A fixed clock keeps every local date, and so every shifted date, the same on every run.
const NOW = new Date('2026-11-22T12:00:00.000Z');

const family = {
  email: 'josephine.wilhelmsen@example.org',
  password: 'Sunrise2026',
  daughter: { displayName: 'Wilhelmina', birthDate: '2026-09-01', sex: 'Female', timezone: 'Europe/Berlin' },
  son: { displayName: 'Bartholomew', birthDate: '2026-10-12', sex: 'Male', timezone: 'America/New_York' },
  // Added by mistake and removed again: removing a child deletes it with all its data.
  removed: { displayName: 'Leopoldine', birthDate: '2026-08-03', sex: 'Female', timezone: 'Europe/Vienna' },
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

beforeAll(async () => {
  server = await startTestServer({ RESEARCH_TOKENS: `other-token,${STATIC_TOKEN}` }, { clock: () => NOW });
  const registered = await server.call('POST', '/api/auth/register', { body: { email: family.email, password: family.password, referralCode: 'TEST42' } });
  expect(registered.status).toBe(201);
  parent = { token: registered.body.accessToken, userId: registered.body.user.id };
  ids.daughter = await created('/api/children', family.daughter);
  ids.removed = await created('/api/children', family.removed);
  ids.son = await created('/api/children', family.son);
  ids.removedFeeding = await created('/api/feedings', { childId: ids.removed, startedAt: '2026-11-19T07:00:00.000Z', method: 'Nursing', notes: 'Leopoldine at dawn' });
  // 10:30 in Berlin on 20 November, the day she is 80 days old.
  ids.feeding = await created('/api/feedings', {
    childId: ids.daughter,
    startedAt: '2026-11-20T09:30:00.000Z',
    endedAt: '2026-11-20T09:55:00.000Z',
    amountOz: 4,
    method: 'Bottle',
    type: 'Formula',
    notes: 'Grandma Josephine fed her',
  });
  // 19:45 → 02:15 in Berlin: a night sleep.
  ids.sleep = await created('/api/sleep', {
    childId: ids.daughter,
    startedAt: '2026-11-20T18:45:00.000Z',
    endedAt: '2026-11-21T01:15:00.000Z',
    environment: { roomTemp: 68, whiteNoise: true, sleepSackTag: 'Josephine knitted it, 2.5 TOG' },
    notes: 'Uncle Bartholomew sang to her',
  });
  ids.sonFeeding = await created('/api/feedings', { childId: ids.son, startedAt: '2026-11-21T14:00:00.000Z', method: 'Nursing', notes: 'At Wilhelmsen house' });
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
async function exported(from?: string): Promise<{ lines: any[]; end: { kind: string; lines: number; resumeFrom: string } }> {
  const lines = linesOf((await httpExport(STATIC_TOKEN, from)).text);
  const end = lines.pop();
  return { lines, end };
}

/** `npm run research -- …` as a researcher runs it, against the test server's DATA_DIR. */
async function researchCli(...args: string[]): Promise<{ stdout: string; stderr: string }> {
  return run(path.join(REPO_ROOT, 'node_modules/.bin/tsx'), ['projector/src/research/research-cli.ts', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: server.dataDir },
  });
}

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
    expect(end).toEqual({ kind: 'end', lines: 5, resumeFrom: expect.stringMatching(/^rc1\.[\w-]+$/) });
    expect(cli.stderr).toContain(`Exported 5 lines; resume with --from ${end.resumeFrom}`);

    const secrets = ['Wilhelmina', 'Bartholomew', 'Leopoldine', 'Josephine', 'Grandma', 'Wilhelmsen', 'example.org', family.daughter.birthDate, family.son.birthDate];
    for (const secret of [...secrets, ...Object.values(ids), parent.userId]) {
      expect(http.text, secret).not.toContain(secret);
    }
    for (const key of ['"ownerId"', '"userId"', '"childId"', '"notes"', '"displayName"', '"correlationId"', '"email"', '"position"']) expect(http.text).not.toContain(key);
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

  it('keeps the time of day and the exact age while the date moves by whole weeks', async () => {
    const { lines } = await exported();
    const daughter = lines.filter((line) => line.sex === 'Female');
    const [, feeding, sleep] = daughter;
    expect(feeding).toMatchObject({ kind: 'feeding-logged', sex: 'Female', localTime: '10:30', weekday: 'Fri', ageDays: 80, method: 'Bottle', type: 'Formula', amountOz: 4, durationMinutes: 25 });
    expect(feeding.localDate).not.toBe('2026-11-20');
    expect(feeding.shiftedAt).toBe(`${feeding.localDate}T10:30`);
    expect(Math.abs(Date.parse('2026-11-20') - Date.parse(feeding.localDate)) % (7 * 86_400_000)).toBe(0);
    expect(feeding.entry).toMatch(/^e_[0-9a-f]{16}$/);
    expect(sleep).toMatchObject({ kind: 'sleep-logged', localTime: '19:45', ageDays: 80, durationMinutes: 390, night: true, environment: { roomTempF: 68, whiteNoise: true, sleepSackTog: 2.5 } });
    // Born 12 October in New York, fed at 09:00 there on 21 November.
    const sonFeeding = lines.find((line) => line.sex === 'Male' && line.kind === 'feeding-logged');
    expect(sonFeeding).toMatchObject({ kind: 'feeding-logged', sex: 'Male', localTime: '09:00', weekday: 'Sat', ageDays: 40, method: 'Nursing', type: null, amountOz: null });
  });

  it('leaves out the child its parent removed, with everything logged for it', async () => {
    const { lines } = await exported();
    expect(lines.filter((line) => line.kind === 'child-registered')).toHaveLength(2);
    expect(lines.some((line) => line.kind === 'child-removed')).toBe(false);
    // Its feeding at 08:00 in Vienna is the only one at that time of day.
    expect(lines.some((line) => line.localTime === '08:00')).toBe(false);
  });

  it('resumes from the cursor of its last line, with nothing repeated or lost', async () => {
    const { lines: all, end } = await exported();
    const resumed = await exported(end.resumeFrom);
    expect(resumed).toEqual({ lines: [], end: { kind: 'end', lines: 0, resumeFrom: end.resumeFrom } });
    expect((await httpExport(STATIC_TOKEN, '0')).text).toBe((await httpExport(STATIC_TOKEN)).text);
    expect(all).toHaveLength(5);
  });

  it("feeds the worked example, which tables the mean longest night stretch by age", async () => {
    const file = path.join(server.dataDir, 'for-example.ndjson');
    writeFileSync(file, (await httpExport(STATIC_TOKEN)).text);
    const { stdout } = await run(path.join(REPO_ROOT, 'node_modules/.bin/tsx'), ['tests/research/mean-night-stretch-by-age.ts', file], { cwd: REPO_ROOT });
    expect(stdout).toBe(
      ['age (weeks)  nights  children  mean longest night stretch', '         11       1         1                      6h 30m', ''].join('\n'),
    );
  });

  it.each(['-1', '12', 'rc1.AAAA', 'x'.repeat(201)])('refuses %s as from: only a cursor it issued resumes an export', async (from) => {
    const answer = await server.call('GET', `/api/research/events?from=${from}`, { token: STATIC_TOKEN });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe("from must be the resumeFrom of an earlier export's last line");
  });

  it('refuses a made-up cursor on the command line too', async () => {
    const failed = await researchCli('export', '--from', '12').then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain("--from must be the resumeFrom of an earlier export's last line");
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
    expect(asParent.body).toEqual({ message: 'Research access requires a researcher credential' });
  });

  it('admits a token minted with `research token`, and one from RESEARCH_TOKENS', async () => {
    const minted = (await researchCli('token', '--days', '1')).stdout.trim();
    expect((await httpExport(minted)).status).toBe(200);
    expect((await httpExport('other-token')).status).toBe(200);
    // A research token is not a parent's: it opens no family data.
    expect((await server.call('GET', '/api/children', { token: minted })).status).toBe(401);
  });

  it('mints tokens for at most 90 days, signed with the research key rather than the parents\' one', async () => {
    const refused = await researchCli('token', '--days', '91').then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
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
    expect(answer.body).toEqual({ message: 'Invalid or expired researcher credential' });
  });
});

describe('after the account is deleted', () => {
  it("still exports the children's streams under the same pseudonyms, with ages from the birth month only", async () => {
    const before = await exported();
    const deleted = await server.call('DELETE', '/api/settings/user/account', { token: parent.token, body: { password: family.password, confirmText: 'DELETE' } });
    expect(deleted.status).toBe(200);
    // The key is gone: birth dates can no longer be opened.
    expect(await server.server.adapters.cipher.open(parent.userId, 'v1.a.b.c')).toBeNull();

    const after = await exported();
    const streams = [...new Set(before.lines.map((line) => line.stream))];
    expect([...new Set(after.lines.map((line) => line.stream))]).toEqual(streams);
    const withoutAge = ({ ageDays: _age, shiftedBirthDate: _birth, ...line }: any) => line;
    for (const stream of streams) {
      const was = before.lines.filter((line) => line.stream === stream);
      const is = after.lines.filter((line) => line.stream === stream);
      expect(is.slice(0, was.length).map(withoutAge)).toEqual(was.map(withoutAge));
      expect(is.slice(was.length).map((line) => [line.seq, line.kind])).toEqual([[was.length + 1, 'child-anonymized']]);
      // A secret day of the true birth month stands in for the birth date: every age moves by the
      // same number of days, less than a month.
      const moves = new Set(was.map((line, index) => is[index].ageDays - line.ageDays));
      expect(moves.size).toBe(1);
      expect(Math.abs([...moves][0] as number)).toBeLessThan(31);
    }

    // The sleep-sack tag was sealed with the destroyed key; its TOG rating, recorded apart, stays.
    expect(after.lines.find((line) => line.kind === 'sleep-logged')?.environment).toEqual({ roomTempF: 68, whiteNoise: true, sleepSackTog: 2.5 });

    // Resumed from before the deletion: only the anonymisations are new, numbered on.
    const resumed = await exported(before.end.resumeFrom);
    expect(resumed.lines.map((line) => line.kind)).toEqual(['child-anonymized', 'child-anonymized']);
    expect(resumed.end.lines).toBe(2);
  });
});
