import type { QueryClient } from '@tanstack/react-query';
import { childDataRoots } from './query-keys.ts';

/**
 * Reads everything shown of one child again: a write changes more than its own list (an entry
 * changes the insights and the glance, a stopped timer logs an entry), and so does a live update
 * of another member's write. The api-client sends the write's position on the refetch, so what
 * comes back already includes it.
 */
export function refreshChildData(queryClient: QueryClient, childId: string): Promise<unknown> {
  return Promise.all(childDataRoots.map((root) => queryClient.invalidateQueries({ queryKey: [root, childId] })));
}
