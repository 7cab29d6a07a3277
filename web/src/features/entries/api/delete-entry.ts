import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ENTRY_KIND_LISTING, entryKindOf } from '@nightlight/domain/entries/entry-kinds';
import { outbox } from '../../../lib/offline/app-outbox.ts';
import type { OutboxWrite, Submitted } from '../../../lib/offline/outbox.ts';
import type { OkResponse, TimelineEntry } from '../../../types/api.ts';
import { refreshChildData } from '../../../lib/child-data.ts';

const entryPath = (type: TimelineEntry['type'], id: string) => `${ENTRY_KIND_LISTING[entryKindOf(type)].path}/${encodeURIComponent(id)}`;

/** `idempotencyKey` is made at the first tap: a deletion tapped twice, or that waited offline, is sent once. */
export type DeleteEntryVariables = { id: string; childId: string; type: TimelineEntry['type']; idempotencyKey: string };

export function deleteEntryWrite({ id, childId, type, idempotencyKey }: DeleteEntryVariables): OutboxWrite {
  return { method: 'DELETE', path: entryPath(type, id), idempotencyKey, childId, view: { kind: 'entry-deleted', entryId: id } };
}

export function deleteEntry(variables: DeleteEntryVariables): Promise<Submitted<OkResponse>> {
  return outbox.submit<OkResponse>(deleteEntryWrite(variables));
}

export function useDeleteEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEntry,
    networkMode: 'always',
    onSuccess: (_ok, { childId }) => refreshChildData(queryClient, childId),
  });
}

/** Undo of a deletion: `entry` is its line as it was, shown again at once while the restore waits offline. */
export type RestoreEntryVariables = { entry: TimelineEntry; childId: string; idempotencyKey: string };

export function restoreEntryWrite({ entry, childId, idempotencyKey }: RestoreEntryVariables): OutboxWrite {
  return { method: 'POST', path: `${entryPath(entry.type, entry.id)}/restore`, idempotencyKey, childId, view: { kind: 'entry-added', entry, form: null } };
}

export function useRestoreEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: RestoreEntryVariables) => outbox.submit(restoreEntryWrite(variables)),
    networkMode: 'always',
    onSuccess: (_answer, { childId }) => refreshChildData(queryClient, childId),
  });
}
