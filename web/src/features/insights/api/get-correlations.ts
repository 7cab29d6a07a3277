import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeyRoots } from '../../../lib/query-keys.ts';
import type { Correlations } from '../../../types/api.ts';

export type CorrelationsParams = { childId: string; days: number };

export function getCorrelations({ childId, days }: CorrelationsParams, signal?: AbortSignal) {
  const query = new URLSearchParams({ days: String(days) });
  return apiRequest<Correlations>(
    `/api/children/${encodeURIComponent(childId)}/insights/correlations?${query.toString()}`,
    { signal },
  );
}

export function getCorrelationsQueryOptions(params: CorrelationsParams) {
  return queryOptions({
    queryKey: [queryKeyRoots.insights, params.childId, 'correlations', params.days],
    queryFn: ({ signal }) => getCorrelations(params, signal),
  });
}

export function useCorrelations(params: CorrelationsParams) {
  return useQuery(getCorrelationsQueryOptions(params));
}
