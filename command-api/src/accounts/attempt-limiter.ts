import type { FastifyReply } from 'fastify';
import { HttpError } from '@nightlight/infrastructure/http/http-errors';

export const RATE_LIMIT_MESSAGE = 'Too many attempts. Please wait a minute and try again.';
export const RATE_LIMIT_WINDOW_MS = 60_000;

/** Fixed one-minute windows of counted attempts, keyed by what is limited ("login:ip:…"). */
export interface AttemptLimiter {
  /** Counts one attempt; false once `key` has had more than `limit` attempts in the current window. */
  hit(key: string, limit: number): Promise<boolean>;
  close(): Promise<void>;
}

/** The embedded default: one process, so the counts can live in its memory. */
export function createMemoryAttemptLimiter(clock: () => Date): AttemptLimiter {
  let window = -1;
  let counts = new Map<string, number>();
  return {
    async hit(key, limit) {
      const current = Math.floor(clock().getTime() / RATE_LIMIT_WINDOW_MS);
      // A new window starts every count again; dropping the old map keeps memory bounded.
      if (current !== window) {
        window = current;
        counts = new Map();
      }
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      return count <= limit;
    },
    async close() {},
  };
}

/** Refuses the request with 429 once `key` is over its limit. */
export async function enforceLimit(limiter: AttemptLimiter, reply: FastifyReply, key: string, limit: number, now: Date): Promise<void> {
  if (await limiter.hit(key, limit)) return;
  const secondsLeft = Math.ceil((RATE_LIMIT_WINDOW_MS - (now.getTime() % RATE_LIMIT_WINDOW_MS)) / 1000);
  reply.header('Retry-After', String(secondsLeft));
  throw new HttpError(429, RATE_LIMIT_MESSAGE);
}
