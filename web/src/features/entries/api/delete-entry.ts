import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ENTRY_KIND_LISTING, entryKindOf } from '@nightlight/domain/entries/entry-kinds';
import { outbox } from '../../../lib/offline/app-outbox.ts';
import type { OutboxWrite, Submitted } from '../../../lib/offline/outbox.ts';
import type { OkResponse, TimelineEntry } from '../../../types/api.ts';
import { refreshChildData } from '../../../lib/child-data.ts';

/** `idempotencyKey` is made at the tap: a deletion that waited offline is sent once. */
export type DeleteEntryVariables = { id: string; childId: string; type: TimelineEntry['type']; idempotencyKey: string };

export function deleteEntryWrite({ id, childId, type, idempotencyKey }: DeleteEntryVariables): OutboxWrite {
  return { method: 'DELETE', path: `${ENTRY_KIND_LISTING[entryKindOf(type)].path}/${encodeURIComponent(id)}`, idempotencyKey, childId, view: { kind: 'entry-deleted', entryId: id } };
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
