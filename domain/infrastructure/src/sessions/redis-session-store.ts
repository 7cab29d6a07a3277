import { Redis } from 'ioredis';
import type { ConsumeResult, RefreshTokenRecord, SessionStore } from '../ports/session-store';

/** Sessions of the full stack, shared by every API process through Redis. */
export function createRedisSessionStore({ redisUrl, prefix = 'nightlight:sessions' }: { redisUrl: string; prefix?: string }): SessionStore {
  const redis = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const tokenKey = (tokenId: string) => `${prefix}:token:${tokenId}`;
  const usedKey = (tokenId: string) => `${prefix}:used:${tokenId}`;
  const familyKey = (familyId: string) => `${prefix}:revoked-family:${familyId}`;
  const userKey = (userId: string) => `${prefix}:not-before:${userId}`;
  const ttlSeconds = (expiresAt: number) => Math.max(1, Math.ceil((expiresAt - Date.now()) / 1000));

  return {
    async saveRefreshToken(record) {
      await redis.set(tokenKey(record.tokenId), JSON.stringify(record), 'EX', ttlSeconds(record.expiresAt));
    },
    async consumeRefreshToken(tokenId): Promise<ConsumeResult> {
      const raw = await redis.get(tokenKey(tokenId));
      if (!raw) return { status: 'unknown' };
      const record = JSON.parse(raw) as RefreshTokenRecord;
      // SET NX is atomic: of two concurrent refreshes with one token, exactly one wins.
      const first = await redis.set(usedKey(tokenId), '1', 'EX', ttlSeconds(record.expiresAt), 'NX');
      return { status: first === 'OK' ? 'ok' : 'reused', record };
    },
    async revokeFamily(familyId) {
      await redis.set(familyKey(familyId), '1', 'EX', 60 * 60 * 24 * 60);
    },
    async isFamilyRevoked(familyId) {
      return (await redis.exists(familyKey(familyId))) === 1;
    },
    async revokeAllForUser(userId, at) {
      const current = Number((await redis.get(userKey(userId))) ?? 0);
      await redis.set(userKey(userId), String(Math.max(current, at)));
    },
    async tokensNotBefore(userId) {
      const value = await redis.get(userKey(userId));
      return value === null ? null : Number(value);
    },
    async close() {
      await redis.quit();
    },
  };
}
