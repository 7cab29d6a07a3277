import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * A log written before children had families and keys of their own (tests/fixtures/log-before-families,
 * whose README says how it was made) opens after the change: the child is its first parent's, its
 * name, notes and sleep-sack tag open, a second parent can join and read them, and they survive the
 * first parent deleting their account (sealed again with the child's key first).
 */
const FIXTURE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/log-before-families');
const SECRETS = {
  MASTER_KEY: Buffer.alloc(32, 7).toString('base64'),
  JWT_SECRET: Buffer.alloc(32, 9).toString('base64'),
  RESEARCH_SECRET: Buffer.alloc(32, 5).toString('base64'),
};
const FIRST = { email: 'first.parent@example.com', password: 'Correct horse battery 7' };

let server: TestServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'nightlight-upgrade-'));
  for (const file of ['events.sqlite', 'keys.sqlite']) copyFileSync(path.join(FIXTURE, file), path.join(dataDir, file));
  server = await startTestServer({ ...SECRETS, DATA_DIR: dataDir });
});
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const login = async (credentials: { email: string; password: string }) => {
  const answer = await server.call('POST', '/api/auth/login', { body: credentials });
  expect(answer.status).toBe(200);
  return { id: answer.body.user.id as string, token: answer.body.accessToken as string };
};

describe('a log written before families', () => {
  it('opens: the child is its first parent\'s, with its name, notes and sleep-sack tag', async () => {
    const first = await login(FIRST);
    const children = await server.call('GET', '/api/children', { token: first.token });
    expect(children.body).toEqual([
      expect.objectContaining({ displayName: 'Josephine', birthDate: '2026-08-14', sex: 'Female', timezone: 'Europe/Oslo', role: 'parent' }),
    ]);
    const childId = children.body[0].id;
    const feedings = await server.call('GET', `/api/feedings?childId=${childId}`, { token: first.token });
    expect(feedings.body).toEqual([
      expect.objectContaining({ amountOz: 4, notes: 'Took it all from Grandma Ingrid', loggedBy: { memberId: first.id, displayName: 'Member 1' } }),
    ]);
    const sleeps = await server.call('GET', `/api/sleep?childId=${childId}`, { token: first.token });
    expect(sleeps.body).toEqual([expect.objectContaining({ notes: 'Slept through', environment: { roomTemp: 68, whiteNoise: true, sleepSackTag: 'The one Astrid knitted, 2.5 TOG' } })]);
    expect((await server.call('GET', `/api/children/${childId}/members`, { token: first.token })).body).toEqual([{ memberId: first.id, displayName: 'Member 1', role: 'parent', isYou: true }]);
  });

  it('keeps every word for a second parent after the first deletes their account, across a restart', async () => {
    const first = await login(FIRST);
    const [{ id: childId }] = (await server.call('GET', '/api/children', { token: first.token })).body;
    const { body: invitation } = await server.call('POST', `/api/children/${childId}/invitations`, { token: first.token, body: { role: 'parent' } });
    const registered = await server.call('POST', '/api/auth/register', { body: { email: 'second.parent@example.com', password: 'Another baby 8', invitationCode: invitation.code } });
    expect(registered.status).toBe(201);
    const second = { id: registered.body.user.id, token: registered.body.accessToken };
    const before = await server.call('GET', `/api/feedings?childId=${childId}`, { token: second.token, headers: { 'x-min-position': String(await server.server.adapters.eventStore.headPosition()) } });
    expect(before.body[0].notes).toBe('Took it all from Grandma Ingrid');

    const deleted = await server.call('DELETE', '/api/settings/user/account', { token: first.token, body: { password: FIRST.password, confirmText: 'DELETE' } });
    expect(deleted.status).toBe(200);
    expect(await server.server.adapters.keyStore.getWrappedKey(first.id)).toBeNull();

    await server.restart();
    const child = await server.call('GET', `/api/children/${childId}`, { token: second.token });
    expect(child.body).toMatchObject({ displayName: 'Josephine', birthDate: '2026-08-14', role: 'parent' });
    const feedings = await server.call('GET', `/api/feedings?childId=${childId}`, { token: second.token });
    expect(feedings.body).toEqual([expect.objectContaining({ notes: 'Took it all from Grandma Ingrid', loggedBy: { memberId: first.id, displayName: 'Former member' } })]);
    const sleeps = await server.call('GET', `/api/sleep?childId=${childId}`, { token: second.token });
    expect(sleeps.body[0]).toMatchObject({ notes: 'Slept through', environment: { sleepSackTag: 'The one Astrid knitted, 2.5 TOG' } });

    const bytes = Buffer.concat(readdirSync(dataDir).map((name) => readFileSync(path.join(dataDir, name))));
    expect(bytes.includes(FIRST.email)).toBe(false);
  });
});
