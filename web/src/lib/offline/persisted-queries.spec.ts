import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { offlineDb, QUERY_CACHE_STORE } from './offline-db.ts';
import { MAX_AGE_MS, persistQueries, restoreQueries, saveQueries } from './persisted-queries.ts';

const day = [{ entry: { id: 'f1', type: 'Feeding' } }];

function clientWithDay(): QueryClient {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['feedings', 'child-1', '2026-11-25', null], day);
  queryClient.setQueryData(['user-settings'], { email: 'parent@example.com' });
  return queryClient;
}

describe('saved answers', () => {
  it("come back for the account that saved them, and only the screens' answers are saved", async () => {
    await saveQueries(clientWithDay(), 'user-1');

    const sameAccount = new QueryClient();
    expect(await restoreQueries(sameAccount, 'user-1')).toBe(true);
    expect(sameAccount.getQueryData(['feedings', 'child-1', '2026-11-25', null])).toEqual(day);
    expect(sameAccount.getQueryData(['user-settings'])).toBeUndefined();

    const otherAccount = new QueryClient();
    expect(await restoreQueries(otherAccount, 'user-2')).toBe(false);
    expect(otherAccount.getQueryCache().getAll()).toEqual([]);
  });

  it('are dropped when older than a week', async () => {
    const savedAt = Date.now() - MAX_AGE_MS - 1;
    await saveQueries(clientWithDay(), 'user-1', savedAt);
    const queryClient = new QueryClient();
    expect(await restoreQueries(queryClient, 'user-1')).toBe(false);
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });

  it('are saved when the session starts after the screen has read them, with no change to follow', async () => {
    const queryClient = clientWithDay();
    const session = persistQueries(queryClient, 'user-3', () => true);
    try {
      await vi.waitFor(async () => expect(await offlineDb.get(QUERY_CACHE_STORE, 'user-3')).toBeDefined(), { timeout: 3000, interval: 100 });
      const restored = new QueryClient();
      expect(await restoreQueries(restored, 'user-3')).toBe(true);
      expect(restored.getQueryData(['feedings', 'child-1', '2026-11-25', null])).toEqual(day);
    } finally {
      session.stop();
    }
  });
});
