import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { createQueryClient, retryDelay } from './query-client.ts';

describe('query client defaults', () => {
  const defaults = createQueryClient().getDefaultOptions();
  const queryRetry = defaults.queries?.retry as (count: number, error: unknown) => boolean;
  const mutationRetry = defaults.mutations?.retry as (count: number, error: unknown) => boolean;

  it('keeps data fresh for 5 minutes and cached for 10, refetching on focus and reconnect', () => {
    expect(defaults.queries).toMatchObject({
      staleTime: 5 * 60 * 1000,
      gcTime: 10 * 60 * 1000,
      refetchOnWindowFocus: true,
      refetchOnReconnect: true,
    });
  });

  it('retries a query twice and a mutation once', () => {
    const serverError = new ApiError(503, 'Event store unavailable');
    expect([0, 1, 2].map((count) => queryRetry(count, serverError))).toEqual([true, true, false]);
    expect([0, 1].map((count) => mutationRetry(count, serverError))).toEqual([true, false]);
  });

  it('does not retry answers that will not change, conflicts included, but does retry timeouts and rate limits', () => {
    expect(queryRetry(0, new ApiError(404, 'Not found'))).toBe(false);
    expect(mutationRetry(0, new ApiError(400, 'Bad input'))).toBe(false);
    expect(mutationRetry(0, new ApiError(409, 'This overlaps a feeding already logged for this child'))).toBe(false);
    expect(mutationRetry(0, new ApiError(408, 'Request timeout'))).toBe(true);
    expect(queryRetry(0, new ApiError(429, 'Slow down'))).toBe(true);
    expect(mutationRetry(0, new ApiError(429, 'Slow down'))).toBe(true);
  });

  it('waits 1 s, then doubles, never more than 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
