import type { AppConfig } from '@nightlight/infrastructure/config/app-config';
import { createMemoryAttemptLimiter, type AttemptLimiter } from './attempt-limiter';
import { createRedisAttemptLimiter } from './redis-attempt-limiter';

/** Counts in Redis when REDIS_URL is set, so every command-api process shares them; in memory otherwise. */
export function configuredAttemptLimiter(config: Pick<AppConfig, 'REDIS_URL'>, clock: () => Date): AttemptLimiter {
  return config.REDIS_URL ? createRedisAttemptLimiter(config.REDIS_URL, clock) : createMemoryAttemptLimiter(clock);
}
