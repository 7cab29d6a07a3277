import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeyRoots } from '../../../lib/query-keys.ts';
import type { GrowthCurves, GrowthMeasurement } from '../../../types/api.ts';

export function getGrowthQueryOptions(childId: string) {
  return queryOptions({
    // Starts with [growth, childId]: a write for this child refreshes it.
    queryKey: [queryKeyRoots.growth, childId, 'measurements'],
    queryFn: ({ signal }) => apiRequest<GrowthMeasurement[]>(`/api/children/${encodeURIComponent(childId)}/growth`, { signal }),
  });
}

export function useGrowth(childId: string) {
  return useQuery(getGrowthQueryOptions(childId));
}

export function useGrowthCurves(childId: string) {
  return useQuery({
    // The curves change only with the child's sex: a profile change refreshes the growth roots too.
    queryKey: [queryKeyRoots.growth, childId, 'curves'],
    queryFn: ({ signal }) => apiRequest<GrowthCurves>(`/api/children/${encodeURIComponent(childId)}/growth/curves`, { signal }),
    staleTime: Infinity,
  });
}
