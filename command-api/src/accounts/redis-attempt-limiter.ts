import { Redis } from 'ioredis';
import { RATE_LIMIT_WINDOW_MS, type AttemptLimiter } from './attempt-limiter';

/** The full stack: every command-api process counts in the same Redis keys (INCR, then EXPIRE on the first hit). */
export function createRedisAttemptLimiter(redisUrl: string, clock: () => Date, prefix = 'nightlight:attempts'): AttemptLimiter {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 3 });
  return {
    async hit(key, limit) {
      const window = Math.floor(clock().getTime() / RATE_LIMIT_WINDOW_MS);
      const redisKey = `${prefix}:${window}:${key}`;
      const count = await redis.incr(redisKey);
      if (count === 1) await redis.pexpire(redisKey, RATE_LIMIT_WINDOW_MS * 2);
      return count <= limit;
    },
    async close() {
      await redis.quit();
    },
  };
}
