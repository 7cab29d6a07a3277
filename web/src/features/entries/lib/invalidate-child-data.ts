import type { QueryClient } from '@tanstack/react-query';
import { queryKeyRoots } from '../../../lib/query-keys.ts';

/**
 * An entry written or deleted changes that child's lists and every insight built on
 * them (summary, daily, weekly, correlations all start with [insights, childId]), and the
 * dashboard's glance (the last feed, the last bottle, the wake time). Timers are read again too: a
 * timer another member stopped meanwhile is gone. The api-client sends the write's position on the
 * refetch, so the lists already include it.
 */
export function invalidateChildData(queryClient: QueryClient, childId: string): Promise<unknown> {
  return Promise.all(
    [queryKeyRoots.feedings, queryKeyRoots.sleep, queryKeyRoots.diapers, queryKeyRoots.pumpings, queryKeyRoots.insights, queryKeyRoots.timers, queryKeyRoots.glance].map((root) =>
      queryClient.invalidateQueries({ queryKey: [root, childId] }),
    ),
  );
}
