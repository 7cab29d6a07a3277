import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addChild, joinFamily, minutesAgo, PASSWORD, registerParent, type Parent } from './support/family';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Deleting an account in a family (docs/accounts.md): the last parent takes the child with them, it
 * is anonymised; with another parent the child stays, every entry intact; a caregiver just leaves.
 * Each case ends with a scan of every file in DATA_DIR for what must be gone.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function logBottle(person: Parent, childId: string, minutes: number, notes: string) {
  const answer = await server.call('POST', '/api/feedings', { token: person.token, body: { childId, startedAt: minutesAgo(minutes), method: 'Bottle', amountOz: 3, type: 'Formula', notes } });
  expect(answer.status).toBe(201);
  return answer.body.id as string;
}

async function deleteAccount(person: Parent) {
  const answer = await server.call('DELETE', '/api/settings/user/account', { token: person.token, body: { password: PASSWORD, confirmText: 'DELETE' } });
  expect(answer.status).toBe(200);
  await server.server.projector.waitFor(answer.body.position, 2000);
  return answer.body.position as number;
}

/** Every byte of every file under DATA_DIR: the log, its WAL, the keys, the sessions, the secrets. */
function dataDirBytes(): Buffer {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else files.push(file);
    }
  };
  walk(server.dataDir);
  return Buffer.concat(files.map((file) => readFileSync(file)));
}

function expectNowhere(...texts: string[]) {
  const bytes = dataDirBytes();
  for (const text of texts) {
    expect(bytes.includes(Buffer.from(text, 'utf8')), text).toBe(false);
    expect(bytes.includes(Buffer.from(text, 'utf16le')), `${text} (UTF-16)`).toBe(false);
  }
}

describe('deleting an account in a family', () => {
  it('as the only parent: the child is anonymised, the caregiver loses it, and its name, notes and the e-mail are nowhere', async () => {
    const parent = await registerParent(server, 'deleting');
    const nanny = await registerParent(server, 'deleting');
    const childId = await addChild(server, parent.token, { displayName: 'Zephyrine', birthDate: '2026-08-01' });
    await joinFamily(server, childId, parent.token, nanny.token, 'caregiver');
    await logBottle(parent, childId, 300, 'Quokka bottle by the window');
    await logBottle(nanny, childId, 120, 'Nanny notes about Zephyrine');

    const position = await deleteAccount(parent);
    const seen = { 'x-min-position': String(position) };
    expect((await server.call('GET', `/api/children/${childId}`, { token: nanny.token, headers: seen })).status).toBe(404);
    expect((await server.call('GET', '/api/children', { token: nanny.token, headers: seen })).body).toEqual([]);
    const types = (await server.server.adapters.eventStore.readStream(`child-${childId}`)).map((event) => event.type);
    expect(types.at(-1)).toBe('ChildAnonymized');
    expect(await server.server.adapters.keyStore.getWrappedKey(parent.id)).toBeNull();
    expect(await server.server.adapters.keyStore.getWrappedKey(`child-${childId}`)).toBeNull();
    expectNowhere(parent.email, 'Zephyrine', 'Quokka bottle by the window', 'Nanny notes about Zephyrine');
  });

  it('as one of two parents: the child stays with the other, every entry intact, those they logged by "Former member"', async () => {
    const first = await registerParent(server, 'deleting');
    const second = await registerParent(server, 'deleting');
    await server.call('PATCH', '/api/me', { token: first.token, body: { displayName: 'Marguerite' } });
    const childId = await addChild(server, first.token, { displayName: 'Albertine', birthDate: '2026-08-01' });
    await joinFamily(server, childId, first.token, second.token, 'parent');
    const theirs = await logBottle(first, childId, 300, 'Logged by the first parent');
    const mine = await logBottle(second, childId, 120, 'Logged by the second parent');

    const position = await deleteAccount(first);
    const seen = { 'x-min-position': String(position) };
    expect((await server.call('GET', `/api/children/${childId}`, { token: second.token, headers: seen })).body).toMatchObject({ displayName: 'Albertine', birthDate: '2026-08-01', role: 'parent' });
    const feedings = await server.call('GET', `/api/feedings?childId=${childId}`, { token: second.token, headers: seen });
    expect(feedings.body.map((feeding: { id: string; notes: string; amountOz: number; loggedBy: unknown }) => [feeding.id, feeding.notes, feeding.amountOz, feeding.loggedBy])).toEqual([
      [theirs, 'Logged by the first parent', 3, { memberId: first.id, displayName: 'Former member' }],
      [mine, 'Logged by the second parent', 3, { memberId: second.id, displayName: 'Member 2' }],
    ]);
    expect((await server.call('GET', `/api/children/${childId}/members`, { token: second.token, headers: seen })).body).toEqual([{ memberId: second.id, displayName: 'Member 2', role: 'parent', isYou: true }]);
    // The remaining parent runs the family now.
    expect((await server.call('POST', `/api/children/${childId}/invitations`, { token: second.token, body: { role: 'caregiver' } })).status).toBe(201);
    expect(await server.server.adapters.keyStore.getWrappedKey(first.id)).toBeNull();
    expectNowhere(first.email, 'Marguerite');

    // A restart rebuilds the read models from the log: the family sees the same.
    await server.restart();
    const again = await server.call('GET', `/api/feedings?childId=${childId}`, { token: second.token });
    expect(again.body.map((feeding: { notes: string }) => feeding.notes)).toEqual(['Logged by the first parent', 'Logged by the second parent']);
  });

  it('as a caregiver: they leave the family, which keeps their entries by "Former member"', async () => {
    const parent = await registerParent(server, 'deleting');
    const nanny = await registerParent(server, 'deleting');
    const childId = await addChild(server, parent.token, { displayName: 'Octavia', birthDate: '2026-08-01' });
    await joinFamily(server, childId, parent.token, nanny.token, 'caregiver');
    const bottle = await logBottle(nanny, childId, 90, 'Warm, not hot');

    const position = await deleteAccount(nanny);
    const seen = { 'x-min-position': String(position) };
    const read = await server.call('GET', `/api/feedings/${bottle}`, { token: parent.token, headers: seen });
    expect(read.body).toMatchObject({ notes: 'Warm, not hot', loggedBy: { memberId: nanny.id, displayName: 'Former member' } });
    expect((await server.call('GET', `/api/children/${childId}/members`, { token: parent.token, headers: seen })).body).toHaveLength(1);
    expectNowhere(nanny.email);
  });
});
