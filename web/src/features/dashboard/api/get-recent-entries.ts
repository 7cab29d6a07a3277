import { useQueries } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { entryListRoots } from '../../../lib/query-keys.ts';
import type { TimedEntry } from '../lib/same-hours.ts';

/**
 * A child's feedings and sleeps that started from `from` to `to` (the child's dates), for comparing
 * today so far with earlier days by the same hour. Under each kind's root, so every write refreshes them.
 */
export function useRecentEntries(childId: string, from: string, to: string) {
  const range = new URLSearchParams({ childId, startDate: from, endDate: to }).toString();
  const [feedings, sleeps] = useQueries({
    queries: (['feeding', 'sleep'] as const).map((kind) => ({
      queryKey: [entryListRoots[kind], childId, 'range', from, to],
      queryFn: ({ signal }: { signal: AbortSignal }) => apiRequest<TimedEntry[]>(`/api/${entryListRoots[kind]}?${range}`, { signal }),
    })),
  });
  return feedings?.data && sleeps?.data ? { feedings: feedings.data, sleeps: sleeps.data } : null;
}
