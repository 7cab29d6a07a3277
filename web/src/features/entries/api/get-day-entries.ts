import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeyRoots } from '../../../lib/query-keys.ts';
import type { Diaper, Feeding, Pumping, Sleep } from '../../../types/api.ts';

/** Each kind's list: its path and query key root, and what one of its entries is. */
const LISTS = {
  feedings: { path: '/api/feedings', root: queryKeyRoots.feedings },
  sleeps: { path: '/api/sleep', root: queryKeyRoots.sleep },
  diapers: { path: '/api/diapers', root: queryKeyRoots.diapers },
  pumpings: { path: '/api/pumpings', root: queryKeyRoots.pumpings },
} as const;

type ListItems = { feedings: Feeding; sleeps: Sleep; diapers: Diaper; pumpings: Pumping };
export type EntryList = keyof ListItems;

export type DayListParams = { childId: string; date: string; limit?: number };

/** One kind's entries of one local date (the newest `limit` of them, if given). */
export function useDayList<List extends EntryList>(list: List, { childId, date, limit }: DayListParams) {
  const { path, root } = LISTS[list];
  return useQuery({
    // Starts with [root, childId] so a write for this child refreshes every day's list.
    queryKey: [root, childId, date, limit ?? null],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ childId, date });
      if (limit !== undefined) query.set('limit', String(limit));
      return apiRequest<ListItems[List][]>(`${path}?${query.toString()}`, { signal });
    },
  });
}
