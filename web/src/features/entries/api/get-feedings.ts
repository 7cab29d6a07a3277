import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeyRoots } from '../../../lib/query-keys.ts';
import type { Feeding } from '../../../types/api.ts';

export type GetFeedingsParams = { childId: string; date: string; limit?: number };

export function getFeedings({ childId, date, limit }: GetFeedingsParams, signal?: AbortSignal): Promise<Feeding[]> {
  const query = new URLSearchParams({ childId, date });
  if (limit !== undefined) query.set('limit', String(limit));
  return apiRequest<Feeding[]>(`/api/feedings?${query.toString()}`, { signal });
}

export function getFeedingsQueryOptions(params: GetFeedingsParams) {
  return queryOptions({
    // Starts with [feedings, childId] so a write for this child refreshes every day's list.
    queryKey: [queryKeyRoots.feedings, params.childId, params.date, params.limit ?? null],
    queryFn: ({ signal }) => getFeedings(params, signal),
  });
}

export function useFeedings(params: GetFeedingsParams) {
  return useQuery(getFeedingsQueryOptions(params));
}
