import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { MAX_AGE_MS, restoreQueries, saveQueries } from './persisted-queries.ts';

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
});
