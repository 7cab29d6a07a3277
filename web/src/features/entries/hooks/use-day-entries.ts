import { useOutboxItems } from '../../../hooks/use-outbox.ts';
import type { TimelineEntry } from '../../../types/api.ts';
import { useDayLists, type DayListParams } from '../api/get-day-entries.ts';
import { WEB_ENTRY_KINDS } from '../kinds/all-entry-kinds.ts';
import type { WebEntryKind } from '../kinds/web-entry-kind.ts';
import { sortNewestFirst } from '../lib/timeline.ts';
import { withWaitingWrites } from '../lib/waiting-entries.ts';

export type DayEntriesParams = DayListParams;

/** A listed entry's line: the server's, or what its kind adds to it. */
const lineOf = (kind: WebEntryKind, listed: { entry: TimelineEntry }): TimelineEntry => (kind.lineOf ? kind.lineOf(listed as never) : listed.entry);

/**
 * One day's entries of every kind, merged newest first, with the state of their requests, and the
 * writes for them still waiting in the outbox (marked). `limits` keeps only the newest of a kind.
 */
export function useDayEntries(params: DayEntriesParams) {
  const lists = useDayLists(params);
  const waiting = useOutboxItems(params.childId);
  const loaded = lists.every(({ list }) => list.data);
  return {
    entries: loaded
      ? withWaitingWrites(
          sortNewestFirst(lists.flatMap(({ kind, list }) => list.data!.map((listed) => lineOf(WEB_ENTRY_KINDS[kind] as WebEntryKind, listed)))),
          waiting,
          params.date,
        )
      : [],
    isPending: lists.some(({ list }) => list.isPending),
    error: lists.find(({ list }) => list.error)?.list.error ?? null,
  };
}
