import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Revocation, SessionStore } from '@nightlight/infrastructure/ports/session-store';
import { createPostgresSessionStore } from '@nightlight/infrastructure/sessions/postgres-session-store';
import { createRedisSessionStore } from '@nightlight/infrastructure/sessions/redis-session-store';
import { createSqliteSessionStore } from '@nightlight/infrastructure/sessions/sqlite-session-store';
import { StorageUnavailableError } from '@nightlight/infrastructure/ports/storage-unavailable';
import { freePort } from '../api/support/service-process';
import { postgresDatabase } from './reachability';

interface SessionStoreTarget {
  name: string;
  open(): SessionStore;
  cleanup(): Promise<void>;
}

function sessionStoreContract(target: SessionStoreTarget): void {
  describe(`session-store contract on ${target.name}`, () => {
    let stores: SessionStore[];
    const open = () => {
      const store = target.open();
      stores.push(store);
      return store;
    };

    beforeEach(() => {
      stores = [];
    });
    afterEach(async () => {
      for (const store of stores) await store.close();
      await target.cleanup();
    });

    const newRecord = () => ({ tokenId: randomUUID(), familyId: randomUUID(), userId: randomUUID(), secretDigest: 'ab'.repeat(32), expiresAt: Date.now() + 60_000 });

    it('consumes a refresh token once: the second use is a reuse', async () => {
      const store = open();
      const record = newRecord();
      await store.saveRefreshToken(record);
      const [first, second] = await Promise.all([store.consumeRefreshToken(record.tokenId, 1_000), store.consumeRefreshToken(record.tokenId, 1_001)]);
      expect([first.status, second.status].sort()).toEqual(['ok', 'reused']);
      expect(await store.consumeRefreshToken(randomUUID(), 1_002)).toEqual({ status: 'unknown' });
    });

    it('tells every later use when the token was first used', async () => {
      const [one, two] = [open(), open()];
      const record = newRecord();
      await one.saveRefreshToken(record);
      expect(await one.consumeRefreshToken(record.tokenId, 1_700_000_000_000)).toEqual({ status: 'ok', record });
      expect(await two.consumeRefreshToken(record.tokenId, 1_700_000_029_000)).toEqual({ status: 'reused', record, usedAt: 1_700_000_000_000 });
      expect(await one.consumeRefreshToken(record.tokenId, 1_700_000_031_000)).toEqual({ status: 'reused', record, usedAt: 1_700_000_000_000 });
    });

    it('keeps the retry mark of the use that won, and none for a use without one', async () => {
      const [one, two] = [open(), open()];
      const record = newRecord();
      const plain = newRecord();
      await one.saveRefreshToken(record);
      await one.saveRefreshToken(plain);
      expect((await one.findRefreshToken(record.tokenId))?.retry).toBeNull();
      const [first, second] = await Promise.all([
        one.consumeRefreshToken(record.tokenId, 1_000, { keyDigest: 'cd'.repeat(32), successorId: 'first-successor' }),
        two.consumeRefreshToken(record.tokenId, 1_001, { keyDigest: 'ef'.repeat(32), successorId: 'second-successor' }),
      ]);
      const winner = first.status === 'ok' ? { keyDigest: 'cd'.repeat(32), successorId: 'first-successor' } : { keyDigest: 'ef'.repeat(32), successorId: 'second-successor' };
      expect([first.status, second.status].sort()).toEqual(['ok', 'reused']);
      expect(await two.findRefreshToken(record.tokenId)).toEqual({ record, used: true, usedAt: first.status === 'ok' ? 1_000 : 1_001, retry: winner });
      await two.consumeRefreshToken(plain.tokenId, 2_000);
      expect(await one.findRefreshToken(plain.tokenId)).toEqual({ record: plain, used: true, usedAt: 2_000, retry: null });
    });

    it('keeps the latest "log out everywhere" instant; an earlier one never lowers it', async () => {
      const store = open();
      const userId = randomUUID();
      expect(await store.tokensNotBefore(userId)).toBeNull();
      await store.revokeAllForUser(userId, 1_000);
      await store.revokeAllForUser(userId, Number.MAX_SAFE_INTEGER);
      await store.revokeAllForUser(userId, 2_000);
      expect(await store.tokensNotBefore(userId)).toBe(Number.MAX_SAFE_INTEGER);
    });

    it('keeps the latest instant when processes revoke at the same time', async () => {
      // Two connections, as two API processes: an account deletion racing password changes.
      const [one, two] = [open(), open()];
      const userIds = Array.from({ length: 25 }, () => randomUUID());
      // The deletion's "for ever" is sent first; the password changes' "now" reads before it is written and writes after.
      await Promise.all(
        userIds.flatMap((userId, index) => [
          two.revokeAllForUser(userId, Number.MAX_SAFE_INTEGER),
          one.revokeAllForUser(userId, 1_700_000_000_000 + index),
          one.revokeAllForUser(userId, 1_700_000_000_001 + index),
        ]),
      );
      for (const userId of userIds) expect(await one.tokensNotBefore(userId)).toBe(Number.MAX_SAFE_INTEGER);
    });

    /** What `store` tells its listeners until `until` holds, or a second has passed. */
    async function heard(store: SessionStore, act: () => Promise<void>, until: (heard: Revocation[]) => boolean): Promise<Revocation[]> {
      const revocations: Revocation[] = [];
      const stop = store.onRevoked((revocation) => revocations.push(revocation));
      // A subscription to another process's messages may take a moment to be in place.
      await new Promise((resolve) => setTimeout(resolve, 100));
      await act();
      const deadline = Date.now() + 1000;
      while (!until(revocations) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      stop();
      return revocations;
    }

    it("tells its listeners of each revocation: the user's sessions, or one session", async () => {
      const store = open();
      const userId = randomUUID();
      const familyId = randomUUID();
      const revocations = await heard(
        store,
        async () => {
          await store.revokeAllForUser(userId, 1_000);
          await store.revokeFamily(familyId);
        },
        (found) => found.length >= 2,
      );
      expect(revocations).toEqual([
        { of: 'user', userId },
        { of: 'session', sessionId: familyId },
      ]);
    });

    it("tells another process's listeners within a second, and that process then finds the session revoked", async () => {
      const [one, two] = [open(), open()];
      const userId = randomUUID();
      const familyId = randomUUID();
      // Asked before: an answer kept in memory must not outlive the revocation.
      expect(await two.isFamilyRevoked(familyId)).toBe(false);
      expect(await two.tokensNotBefore(userId)).toBeNull();
      const revocations = await heard(
        two,
        async () => {
          await one.revokeFamily(familyId);
          await one.revokeAllForUser(userId, 5_000);
        },
        (found) => found.some((revocation) => revocation.of !== 'session'),
      );
      // Named, or (another writer of one file) only announced: either way the listener checks again.
      expect(revocations.length).toBeGreaterThan(0);
      for (const revocation of revocations) expect([{ of: 'unknown' }, { of: 'session', sessionId: familyId }, { of: 'user', userId }]).toContainEqual(revocation);
      expect(await two.isFamilyRevoked(familyId)).toBe(true);
      expect(await two.tokensNotBefore(userId)).toBe(5_000);
    });
  });
}

let directory = '';
sessionStoreContract({
  name: 'SQLite',
  open() {
    directory ||= mkdtempSync(join(tmpdir(), 'nightlight-sessions-'));
    return createSqliteSessionStore({ file: join(directory, 'sessions.sqlite') });
  },
  async cleanup() {
    if (directory) rmSync(directory, { recursive: true, force: true });
    directory = '';
  },
});

const redisUrl = process.env['REDIS_URL'];
if (redisUrl) {
  const prefix = `nightlight-test-sessions-${randomUUID().slice(0, 8)}`;
  sessionStoreContract({
    name: 'Redis',
    open: () => createRedisSessionStore({ redisUrl, prefix }),
    async cleanup() {
      const redis = new Redis(redisUrl);
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    },
  });

  describe('the Redis session store on a server that refuses writes', () => {
    it('refuses with StorageUnavailableError (503), both out of memory and unreachable', async () => {
      // A server of its own: `maxmemory 1` makes every write an OOM reply without touching the shared one.
      const port = await freePort();
      const server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--maxmemory', '1', '--maxmemory-policy', 'noeviction'], { stdio: 'ignore' });
      try {
        const probe = new Redis({ port, retryStrategy: () => 50 });
        await probe.ping();
        await probe.quit();
        const store = createRedisSessionStore({ redisUrl: `redis://127.0.0.1:${port}`, prefix });
        const record = { tokenId: randomUUID(), familyId: randomUUID(), userId: randomUUID(), secretDigest: 'digest', expiresAt: Date.now() + 60_000 };
        await expect(store.saveRefreshToken(record)).rejects.toThrow(StorageUnavailableError);
        await expect(store.revokeAllForUser(record.userId, Date.now())).rejects.toThrow('Session store cannot be reached or take writes');
        server.kill('SIGKILL');
        await new Promise((resolve) => server.once('exit', resolve));
        await expect(store.tokensNotBefore(record.userId)).rejects.toThrow(StorageUnavailableError);
        store.close().catch(() => undefined);
      } finally {
        server.kill('SIGKILL');
      }
    });
  });
} else {
  console.log('SKIPPED session-store contract on Redis: REDIS_URL not set');
}

const postgres = postgresDatabase('session-store contract on PostgreSQL');
if (postgres) {
  sessionStoreContract({ name: 'PostgreSQL', open: () => createPostgresSessionStore({ connectionString: postgres.url() }), cleanup: async () => undefined });

  describe('the PostgreSQL session store without its server', () => {
    it('refuses with StorageUnavailableError (503)', async () => {
      // Nothing listens on port 1.
      const store = createPostgresSessionStore({ connectionString: 'postgres://postgres@127.0.0.1:1/nightlight' });
      const record = { tokenId: randomUUID(), familyId: randomUUID(), userId: randomUUID(), secretDigest: 'digest', expiresAt: Date.now() + 60_000 };
      await expect(store.saveRefreshToken(record)).rejects.toThrow(StorageUnavailableError);
      await expect(store.tokensNotBefore(record.userId)).rejects.toThrow('Session store cannot be reached or take writes');
      await store.close();
    });
  });
}
