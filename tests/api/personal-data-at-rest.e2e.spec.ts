import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * The README says names, e-mails and notes are stored sealed. A real server on a DATA_DIR of its
 * own takes a family's sign-up, child and entries; once stopped, no file in DATA_DIR holds any of
 * them in any form a reader of the disk would try: as written, in lower case, in UTF-16, in base64
 * (at each of its three alignments) or in hex. The answers show them all the same.
 */
const EMAIL = 'Quillon.Marchbanks@Example.org';
const DISPLAY_NAME = 'Zebulonia Fairweather';
const CHILD_NAME = 'Thessaly Quinberry';
const NOTES = ['Kalimbaphone lullaby worked', 'Spit up on the Vondrakian blanket'];
/** Free text of the other kinds, sealed like the notes: a food, a medicine, a milestone. */
const FREE_TEXT = ['Quarbleroot puree', 'Zephyrimol syrup', 'Rolled towards Auntie Morwenna'];
const PASSWORD = 'Sleepy baby 42';

let parent: string;
let dataDir: string;
let server: TestServer;

beforeAll(async () => {
  parent = mkdtempSync(path.join(tmpdir(), 'nightlight-at-rest-'));
  dataDir = path.join(parent, 'data');
  server = await startTestServer({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await server.close();
  rmSync(parent, { recursive: true, force: true });
});

/** Every file under DATA_DIR, whole: the log and its WAL, the read models and theirs, the keys, the sessions, the secrets. */
function filesUnder(dir: string): Array<{ name: string; bytes: Buffer }> {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [{ name: path.relative(dataDir, file), bytes: readFileSync(file) }];
  });
}

/** The forms a text can take on disk: as written, lower case, UTF-16LE, base64 at each alignment, hex. */
function formsOf(text: string): Array<{ form: string; needle: Buffer; lowerCase: boolean }> {
  const utf8 = Buffer.from(text, 'utf8');
  // base64 of the text preceded by 0, 1 or 2 bytes: the part that does not depend on what surrounds it.
  const base64 = [0, 1, 2].map((shift) => {
    const encoded = Buffer.concat([Buffer.alloc(shift), utf8]).toString('base64');
    const start = Math.ceil((shift * 4) / 3) + 1;
    const end = Math.floor(((shift + utf8.length) * 4) / 3) - 1;
    return { form: `base64+${shift}`, needle: Buffer.from(encoded.slice(start, end)), lowerCase: false };
  });
  return [
    { form: 'utf8', needle: utf8, lowerCase: false },
    { form: 'lower case', needle: Buffer.from(text.toLowerCase(), 'utf8'), lowerCase: true },
    { form: 'utf16le', needle: Buffer.from(text, 'utf16le'), lowerCase: false },
    ...base64,
    { form: 'base64url', needle: Buffer.from(base64[0]!.needle.toString().replaceAll('+', '-').replaceAll('/', '_')), lowerCase: false },
    { form: 'hex', needle: Buffer.from(utf8.toString('hex')), lowerCase: true },
  ];
}

describe('personal data at rest in DATA_DIR', () => {
  it("holds no e-mail, display name, child's name, note, food, medicine or milestone in any readable form", async () => {
    const signUp = await server.call('POST', '/api/auth/register', { body: { email: EMAIL, password: PASSWORD, referralCode: 'TEST42' } });
    expect(signUp.status).toBe(201);
    const token = signUp.body.accessToken as string;
    expect((await server.call('PATCH', '/api/me', { token, body: { displayName: DISPLAY_NAME, onboardingCompleted: true } })).status).toBe(200);
    const child = await server.call('POST', '/api/children', { token, body: { displayName: CHILD_NAME, birthDate: '2026-08-01', sex: 'Female', timezone: 'UTC' } });
    expect(child.status).toBe(201);
    const childId = child.body.id as string;
    const startedAt = (minutesAgo: number) => new Date(Math.floor(Date.now() / 60_000) * 60_000 - minutesAgo * 60_000).toISOString();
    await server.call('POST', '/api/feedings', { token, body: { childId, startedAt: startedAt(300), method: 'Bottle', amountOz: 4, type: 'Formula', notes: NOTES[0] } });
    await server.call('POST', '/api/solids', { token, body: { childId, occurredAt: startedAt(95), food: FREE_TEXT[0], amount: 'some' } });
    await server.call('POST', '/api/medications', { token, body: { childId, occurredAt: startedAt(90), name: FREE_TEXT[1], dose: 2.5, doseUnit: 'mL' } });
    await server.call('POST', '/api/tummy-times', { token, body: { childId, startedAt: startedAt(85), endedAt: startedAt(80), milestone: FREE_TEXT[2] } });
    const sleep = await server.call('POST', '/api/sleep', { token, body: { childId, startedAt: startedAt(200), endedAt: startedAt(100), notes: NOTES[1] } });
    expect(sleep.status).toBe(201);
    await server.server.projector.waitFor(sleep.body.position, 5000);

    // The answers, read from the read models, show it all.
    const seen = { 'x-min-position': String(sleep.body.position) };
    expect((await server.call('GET', '/api/me', { token, headers: seen })).body).toMatchObject({ email: EMAIL.toLowerCase(), displayName: DISPLAY_NAME });
    expect((await server.call('GET', '/api/settings/user', { token, headers: seen })).body).toEqual({ email: EMAIL.toLowerCase() });
    expect((await server.call('GET', `/api/children/${childId}`, { token, headers: seen })).body).toMatchObject({ displayName: CHILD_NAME, birthDate: '2026-08-01' });
    const members = await server.call('GET', `/api/children/${childId}/members`, { token, headers: seen });
    expect(members.body).toEqual([expect.objectContaining({ displayName: DISPLAY_NAME })]);
    const sleeps = await server.call('GET', `/api/sleep?childId=${childId}`, { token, headers: seen });
    expect(sleeps.body).toEqual([expect.objectContaining({ notes: NOTES[1], loggedBy: expect.objectContaining({ displayName: DISPLAY_NAME }) })]);
    expect((await server.call('GET', `/api/solids?childId=${childId}`, { token, headers: seen })).body).toEqual([expect.objectContaining({ food: FREE_TEXT[0] })]);
    expect((await server.call('GET', `/api/medications?childId=${childId}`, { token, headers: seen })).body).toEqual([expect.objectContaining({ name: FREE_TEXT[1] })]);
    expect((await server.call('GET', `/api/tummy-times?childId=${childId}`, { token, headers: seen })).body).toEqual([expect.objectContaining({ milestone: FREE_TEXT[2] })]);

    await server.server.close();
    const files = filesUnder(dataDir);
    expect(files.map((file) => file.name)).toEqual(expect.arrayContaining(['events.sqlite', 'keys.sqlite', 'sessions.sqlite']));
    expect(files.some((file) => /^read-models-[0-9a-f]+\.sqlite$/.test(file.name))).toBe(true);
    const found: string[] = [];
    for (const text of [EMAIL, EMAIL.toLowerCase(), DISPLAY_NAME, CHILD_NAME, ...NOTES, ...FREE_TEXT]) {
      for (const { form, needle, lowerCase } of formsOf(text)) {
        for (const file of files) {
          const haystack = lowerCase ? Buffer.from(file.bytes.toString('latin1').toLowerCase(), 'latin1') : file.bytes;
          if (haystack.includes(lowerCase ? Buffer.from(needle.toString('latin1').toLowerCase(), 'latin1') : needle)) found.push(`${text} (${form}) in ${file.name}`);
        }
      }
    }
    expect(found).toEqual([]);
    await server.restart();
  });
});
