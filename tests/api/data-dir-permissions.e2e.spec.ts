import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * DATA_DIR holds the event log, the keys, the sessions, the read models and the generated secrets:
 * the folder is 0700 and every file in it 0600, the write-ahead logs and shared memory SQLite
 * creates while it runs included, whatever the process's umask. A DATA_DIR left 0755/0644 by an
 * earlier version is tightened at the next start.
 */
let parent: string;
let dataDir: string;
let server: TestServer;

beforeAll(async () => {
  // The folder the server makes itself, under a parent that the usual umask leaves open.
  parent = mkdtempSync(path.join(tmpdir(), 'nightlight-modes-'));
  dataDir = path.join(parent, 'data');
  server = await startTestServer({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await server.close();
  rmSync(parent, { recursive: true, force: true });
});

/** Every entry under DATA_DIR with its permission bits, as `ls -l` would show them. */
function modes(): Record<string, string> {
  const found: Record<string, string> = { '.': (statSync(dataDir).mode & 0o777).toString(8) };
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      const stat = statSync(file);
      found[path.relative(dataDir, file)] = (stat.mode & 0o777).toString(8);
      if (stat.isDirectory()) walk(file);
    }
  };
  walk(dataDir);
  return found;
}

function expectPrivate(found: Record<string, string>): void {
  const expected = Object.fromEntries(Object.keys(found).map((name) => [name, name === '.' ? '700' : '600']));
  expect(found).toEqual(expected);
}

const minutesAgo = (minutes: number) => new Date(Math.floor(Date.now() / 60_000) * 60_000 - minutes * 60_000).toISOString();

/** A parent signs up, adds a child, logs a bottle and a nap: every store is written. */
async function someWrites(): Promise<void> {
  const email = `modes-${randomUUID()}@example.com`;
  const signUp = await server.call('POST', '/api/auth/register', { body: { email, password: 'Sleepy baby 42', referralCode: 'TEST42' } });
  expect(signUp.status).toBe(201);
  const token = signUp.body.accessToken as string;
  const child = await server.call('POST', '/api/children', { token, body: { displayName: 'Wren', birthDate: '2026-08-01', sex: 'Female', timezone: 'UTC' } });
  const childId = child.body.id as string;
  const feeding = await server.call('POST', '/api/feedings', { token, body: { childId, startedAt: minutesAgo(200), method: 'Bottle', amountOz: 3, type: 'Formula' } });
  const sleep = await server.call('POST', '/api/sleep', { token, body: { childId, startedAt: minutesAgo(120), endedAt: minutesAgo(60) } });
  expect([child.status, feeding.status, sleep.status]).toEqual([201, 201, 201]);
  await server.server.projector.waitFor(sleep.body.position, 5000);
  expect((await server.call('POST', '/api/auth/refresh', { body: { refreshToken: signUp.body.refreshToken } })).status).toBe(200);
}

describe('DATA_DIR', () => {
  it('is made 0700 with every file 0600, the SQLite side files made while running too', async () => {
    await someWrites();
    const running = modes();
    // The stores are all there, with their write-ahead logs: the test sees what it means to check.
    for (const name of ['events.sqlite', 'events.sqlite-wal', 'keys.sqlite', 'sessions.sqlite', 'sessions.sqlite-wal', 'master.key', 'jwt.key']) expect(running, name).toHaveProperty([name]);
    expect(Object.keys(running).some((name) => /^read-models-[0-9a-f]+\.sqlite-wal$/.test(name))).toBe(true);
    expectPrivate(running);

    await server.restart();
    expectPrivate(modes());
  });

  it('left open by an earlier version is closed at the next start, and stays closed', async () => {
    await server.server.close();
    for (const name of Object.keys(modes())) chmodSync(path.join(dataDir, name), name === '.' ? 0o755 : 0o644);
    expect(modes()['events.sqlite']).toBe('644');

    await server.restart();
    expectPrivate(modes());
    await someWrites();
    expectPrivate(modes());
  });
});
