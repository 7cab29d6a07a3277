import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../../lib/api-client.ts';
import { queryKeyRoots } from '../../../lib/query-keys.ts';
import type { MilestoneAlert } from '../../../types/api.ts';

/** The child's active alert, or null: the server answers 404 when there is none. */
export async function getMilestoneAlert(childId: string, signal?: AbortSignal): Promise<MilestoneAlert | null> {
  try {
    return await apiRequest<MilestoneAlert>(`/api/milestone-alerts/${encodeURIComponent(childId)}`, { signal });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export function getMilestoneAlertQueryOptions(childId: string) {
  return queryOptions({
    queryKey: [queryKeyRoots.milestoneAlerts, childId],
    queryFn: ({ signal }) => getMilestoneAlert(childId, signal),
    // An alert can appear or be snoozed elsewhere; ask again every time the dashboard opens.
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function useMilestoneAlert(childId: string) {
  return useQuery(getMilestoneAlertQueryOptions(childId));
}
