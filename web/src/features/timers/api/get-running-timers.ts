import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeyRoots } from '../../../lib/query-keys.ts';
import type { Timer } from '../../../types/api.ts';

/** [timers, childId]: a live update of the child or any write for it reads them again. */
export const runningTimersKey = (childId: string) => [queryKeyRoots.timers, childId] as const;

/** The child's running timers, whoever started them. */
export function useRunningTimers(childId: string) {
  return useQuery({
    queryKey: runningTimersKey(childId),
    queryFn: ({ signal }) => apiRequest<Timer[]>(`/api/children/${encodeURIComponent(childId)}/timers`, { signal }),
  });
}
