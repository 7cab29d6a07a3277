import { Redis } from 'ioredis';
import type { ConsumeResult, RefreshTokenRecord, RetryMark, Revocation, SessionStore } from '../ports/session-store';
import { redisCall } from '../ports/storage-unavailable';

/** Sets KEYS[1] to ARGV[1] unless it already holds a later instant. */
const RAISE_NOT_BEFORE = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if tonumber(ARGV[1]) > current then redis.call('SET', KEYS[1], ARGV[1]) end
return 1`;

/**
 * Marks a token used at ARGV[1] for ARGV[2] seconds unless it already is, in one step, with its
 * retry mark ARGV[3] (when not empty) under KEYS[2]: returns nil to the one consumer that marked
 * it, and the instant it was marked to every later one.
 */
const CONSUME = `
local used = redis.call('GET', KEYS[1])
if used then return used end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
if ARGV[3] ~= '' then redis.call('SET', KEYS[2], ARGV[3], 'EX', ARGV[2]) end
return false`;

/**
 * Sessions of the full stack, shared by every API process through Redis. A revocation is also
 * published on a channel every process listens to (as the change feed crosses processes), so each
 * can end what the revoked tokens keep open at once.
 */
export function createRedisSessionStore({ redisUrl, prefix = 'nightlight:sessions' }: { redisUrl: string; prefix?: string }): SessionStore {
  const redis = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const revocationsChannel = `${prefix}:revocations`;
  const listeners = new Set<(revocation: Revocation) => void>();
  // A subscribed connection can do nothing else: opened when the first listener comes.
  let subscriber: Redis | null = null;
  const listen = () => {
    subscriber = new Redis(redisUrl, { maxRetriesPerRequest: null });
    subscriber.on('message', (_channel: string, message: string) => {
      const revocation = JSON.parse(message) as Revocation;
      for (const listener of listeners) listener(revocation);
    });
    // ioredis subscribes again by itself after a reconnect.
    void subscriber.subscribe(revocationsChannel).catch(() => undefined);
  };
  const announce = (revocation: Revocation) => redis.publish(revocationsChannel, JSON.stringify(revocation));
  const tokenKey = (tokenId: string) => `${prefix}:token:${tokenId}`;
  const usedKey = (tokenId: string) => `${prefix}:used:${tokenId}`;
  const retryKey = (tokenId: string) => `${prefix}:retry:${tokenId}`;
  const familyKey = (familyId: string) => `${prefix}:revoked-family:${familyId}`;
  const userKey = (userId: string) => `${prefix}:not-before:${userId}`;
  const ttlSeconds = (expiresAt: number) => Math.max(1, Math.ceil((expiresAt - Date.now()) / 1000));

  // A Redis that cannot be reached or take writes is 503, as a full disk is.
  const guarded =
    <Args extends unknown[], Result>(call: (...args: Args) => Promise<Result>) =>
    (...args: Args): Promise<Result> =>
      redisCall('Session store', () => call(...args));

  const store: SessionStore = {
    saveRefreshToken: guarded(async (record) => {
      await redis.set(tokenKey(record.tokenId), JSON.stringify(record), 'EX', ttlSeconds(record.expiresAt));
    }),
    findRefreshToken: guarded(async (tokenId) => {
      const [raw, used, retry] = await redis.mget(tokenKey(tokenId), usedKey(tokenId), retryKey(tokenId));
      if (!raw) return null;
      return {
        record: JSON.parse(raw) as RefreshTokenRecord,
        used: used !== null,
        usedAt: used === null ? null : Number(used),
        retry: retry ? (JSON.parse(retry) as RetryMark) : null,
      };
    }),
    consumeRefreshToken: guarded(async (tokenId, now, retry): Promise<ConsumeResult> => {
      const raw = await redis.get(tokenKey(tokenId));
      if (!raw) return { status: 'unknown' };
      const record = JSON.parse(raw) as RefreshTokenRecord;
      // One script: of two concurrent refreshes with one token, exactly one wins.
      const mark = retry ? JSON.stringify(retry) : '';
      const used = (await redis.eval(CONSUME, 2, usedKey(tokenId), retryKey(tokenId), String(now), String(ttlSeconds(record.expiresAt)), mark)) as string | null;
      if (used === null) return { status: 'ok', record };
      // Marked '1' before the instant was kept: used long ago, as far as anyone can tell.
      return { status: 'reused', record, usedAt: Number(used) };
    }),
    revokeFamily: guarded(async (familyId) => {
      await redis.set(familyKey(familyId), '1', 'EX', 60 * 60 * 24 * 60);
      await announce({ of: 'session', sessionId: familyId });
    }),
    isFamilyRevoked: guarded(async (familyId) => {
      return (await redis.exists(familyKey(familyId))) === 1;
    }),
    revokeAllForUser: guarded(async (userId, at) => {
      // One script, so the read and the write are one step: a password change's "now" racing an
      // account deletion's "for ever" can never lower the cut-off.
      await redis.eval(RAISE_NOT_BEFORE, 1, userKey(userId), String(at));
      await announce({ of: 'user', userId });
    }),
    tokensNotBefore: guarded(async (userId) => {
      const value = await redis.get(userKey(userId));
      return value === null ? null : Number(value);
    }),
    onRevoked(listener) {
      if (!subscriber) listen();
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      await Promise.all([redis.quit(), subscriber?.quit()].map((quit) => quit?.catch(() => undefined)));
    },
  };
  return store;
}
