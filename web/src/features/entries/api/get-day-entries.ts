import { useQueries } from '@tanstack/react-query';
import { ENTRY_KIND_LISTING, ENTRY_KIND_NAMES, type EntryKind } from '@nightlight/domain/entries/entry-kinds';
import type { EntryApiViews } from '@nightlight/domain/read-models/timeline/timeline-document';
import { apiRequest } from '../../../lib/api-client.ts';
import { entryListRoots } from '../../../lib/query-keys.ts';

export type DayListParams = { childId: string; date: string; limits?: Partial<Record<EntryKind, number>> };

/** One kind's entries of one local date (the newest `limit` of them, if given). */
function dayListQuery(kind: EntryKind, { childId, date }: DayListParams, limit: number | undefined) {
  return {
    // Starts with [root, childId] so a write for this child refreshes every day's list.
    queryKey: [entryListRoots[kind], childId, date, limit ?? null],
    queryFn: ({ signal }: { signal: AbortSignal }) => {
      const query = new URLSearchParams({ childId, date });
      if (limit !== undefined) query.set('limit', String(limit));
      return apiRequest<EntryApiViews[EntryKind][]>(`${ENTRY_KIND_LISTING[kind].path}?${query.toString()}`, { signal });
    },
  };
}

/** Every kind's entries of one local date, each kind's list with its own state, in the order of the kinds. */
export function useDayLists(params: DayListParams) {
  const lists = useQueries({ queries: ENTRY_KIND_NAMES.map((kind) => dayListQuery(kind, params, params.limits?.[kind])) });
  return ENTRY_KIND_NAMES.map((kind, index) => ({ kind, list: lists[index]! }));
}
