import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

const MINUTE = 60 * 1000;

// A 4xx other than these will answer the same way the next time, so retrying only delays the
// error; 408 and 429 are the server asking us to try again. A 409 is not: an entry that overlaps
// another, or an alert already dismissed, conflicts just the same a second later.
const RETRYABLE_CLIENT_STATUSES = new Set([408, 429]);

function isRetryable(error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return RETRYABLE_CLIENT_STATUSES.has(error.status);
  }
  return true;
}

/** 1 s, 2 s, 4 s ... never more than 30 s. */
export function retryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, 30 * 1000);
}

export const queryConfig = {
  queries: {
    staleTime: 5 * MINUTE,
    gcTime: 10 * MINUTE,
    retry: (failureCount, error) => failureCount < 2 && isRetryable(error),
    retryDelay,
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
  },
  mutations: {
    retry: (failureCount, error) => failureCount < 1 && isRetryable(error),
    retryDelay,
  },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig });
}

export const queryClient = createQueryClient();
