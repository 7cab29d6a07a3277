import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeyRoots } from '../../../lib/query-keys.ts';
import type { Diaper } from '../../../types/api.ts';

export type GetDiapersParams = { childId: string; date: string; limit?: number };

export function getDiapers({ childId, date, limit }: GetDiapersParams, signal?: AbortSignal): Promise<Diaper[]> {
  const query = new URLSearchParams({ childId, date });
  if (limit !== undefined) query.set('limit', String(limit));
  return apiRequest<Diaper[]>(`/api/diapers?${query.toString()}`, { signal });
}

export function getDiapersQueryOptions(params: GetDiapersParams) {
  return queryOptions({
    // Starts with [diapers, childId] so a write for this child refreshes every day's list.
    queryKey: [queryKeyRoots.diapers, params.childId, params.date, params.limit ?? null],
    queryFn: ({ signal }) => getDiapers(params, signal),
  });
}

export function useDiapers(params: GetDiapersParams) {
  return useQuery(getDiapersQueryOptions(params));
}
