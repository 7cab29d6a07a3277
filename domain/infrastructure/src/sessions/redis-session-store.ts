import { Redis } from 'ioredis';
import type { ConsumeResult, RefreshTokenRecord, SessionStore } from '../ports/session-store';

/** Sets KEYS[1] to ARGV[1] unless it already holds a later instant. */
const RAISE_NOT_BEFORE = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if tonumber(ARGV[1]) > current then redis.call('SET', KEYS[1], ARGV[1]) end
return 1`;

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
      // One script, so the read and the write are one step: a password change's "now" racing an
      // account deletion's "for ever" can never lower the cut-off.
      await redis.eval(RAISE_NOT_BEFORE, 1, userKey(userId), String(at));
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
