import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeyRoots } from '../../../lib/query-keys.ts';
import type { Sleep } from '../../../types/api.ts';

export type GetSleepsParams = { childId: string; date: string; limit?: number };

export function getSleeps({ childId, date, limit }: GetSleepsParams, signal?: AbortSignal): Promise<Sleep[]> {
  const query = new URLSearchParams({ childId, date });
  if (limit !== undefined) query.set('limit', String(limit));
  return apiRequest<Sleep[]>(`/api/sleep?${query.toString()}`, { signal });
}

export function getSleepsQueryOptions(params: GetSleepsParams) {
  return queryOptions({
    queryKey: [queryKeyRoots.sleep, params.childId, params.date, params.limit ?? null],
    queryFn: ({ signal }) => getSleeps(params, signal),
  });
}

export function useSleeps(params: GetSleepsParams) {
  return useQuery(getSleepsQueryOptions(params));
}
