import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ENTRY_KIND_LISTING, entryTypeOf, type EntryKind } from '@nightlight/domain/entries/entry-kinds';
import type { EntryHistoryItem } from '@nightlight/domain/read-models/timeline/entry-history';
import type { EntryApiViews } from '@nightlight/domain/read-models/timeline/timeline-document';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshChildData } from '../../../lib/child-data.ts';
import { outbox } from '../../../lib/offline/app-outbox.ts';
import type { OutboxWrite } from '../../../lib/offline/outbox.ts';
import { entryListRoots } from '../../../lib/query-keys.ts';
import type { TimelineEntry } from '../../../types/api.ts';

const entryPath = (kind: EntryKind, id: string) => `${ENTRY_KIND_LISTING[kind].path}/${encodeURIComponent(id)}`;

/** One entry, as its Edit dialog starts from it; under [kind's list, childId] so every write of the child refreshes it. */
export function useEntry<Kind extends EntryKind>(kind: Kind, childId: string, id: string) {
  return useQuery({
    queryKey: [entryListRoots[kind], childId, 'one', id],
    queryFn: ({ signal }) => apiRequest<EntryApiViews[Kind]>(entryPath(kind, id), { signal }),
  });
}

/**
 * A correction: the whole entry again (PUT takes the body of POST). `values` and `entry` (the entry
 * as the dialog opened it) reopen its dialog if the server refuses it after it waited offline.
 */
export type CorrectEntryVariables<Input> = { entryId: string; input: Input; idempotencyKey: string; values?: unknown; entry?: unknown };

export function correctEntryWrite(kind: EntryKind, body: { childId: string }, preview: TimelineEntry, { entryId, idempotencyKey, values, entry }: CorrectEntryVariables<unknown>): OutboxWrite {
  return {
    method: 'PUT',
    path: entryPath(kind, entryId),
    body,
    idempotencyKey,
    childId: body.childId,
    view: { kind: 'entry-corrected', entryId, entry: preview, form: { entryType: entryTypeOf(kind), values, entry } },
  };
}

/** Sends a correction through the outbox (offline it waits there), then reads the child's data again. */
export function useCorrectEntry<Input extends { childId: string }>(toWrite: (variables: CorrectEntryVariables<Input>) => OutboxWrite) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: CorrectEntryVariables<Input>) => outbox.submit(toWrite(variables)),
    networkMode: 'always',
    onSuccess: (_answer, { input }) => refreshChildData(queryClient, input.childId),
  });
}

/** Who logged an entry and each change since, oldest first; refreshed with the child's data. */
export function useEntryHistory(kind: EntryKind, childId: string, id: string) {
  return useQuery({
    queryKey: [entryListRoots[kind], childId, 'history', id],
    queryFn: ({ signal }) => apiRequest<EntryHistoryItem[]>(`${entryPath(kind, id)}/history`, { signal }),
  });
}
