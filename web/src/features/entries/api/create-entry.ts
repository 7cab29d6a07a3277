import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ENTRY_KIND_LISTING, entryTypeOf, type EntryKind } from '@nightlight/domain/entries/entry-kinds';
import { refreshChildData } from '../../../lib/child-data.ts';
import { outbox } from '../../../lib/offline/app-outbox.ts';
import type { OutboxWrite } from '../../../lib/offline/outbox.ts';
import { entryListRoots } from '../../../lib/query-keys.ts';
import type { TimelineEntry } from '../../../types/api.ts';

// Adding an entry of any kind: the same write, saving state and refresh, at the kind's own path.

/** `idempotencyKey` names the entry, not the request: a retried or repeated save cannot log it twice. */
export type CreateEntryVariables<Input> = { input: Input; idempotencyKey: string; values?: unknown };

/**
 * The write as the outbox keeps it: sent now when it can be, shown as `preview` (the line the
 * server would make of it) until it is. `values` reopen its dialog if the server refuses it.
 */
export function createEntryWrite(kind: EntryKind, body: { childId: string }, preview: TimelineEntry, { idempotencyKey, values }: { idempotencyKey: string; values?: unknown }): OutboxWrite {
  return {
    method: 'POST',
    path: ENTRY_KIND_LISTING[kind].path,
    body,
    idempotencyKey,
    childId: body.childId,
    view: { kind: 'entry-added', entry: preview, form: { entryType: entryTypeOf(kind), values } },
  };
}

/** Lets other parts of the screen show that an entry of the kind is being saved. */
export const createEntryMutationKey = (kind: EntryKind) => [entryListRoots[kind], 'create'] as const;

/** Saves an entry through the outbox (offline it waits there), then reads the child's data again. */
export function useCreateEntry<Input extends { childId: string }>(kind: EntryKind, toWrite: (variables: CreateEntryVariables<Input>) => OutboxWrite) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: createEntryMutationKey(kind),
    mutationFn: (variables: CreateEntryVariables<Input>) => outbox.submit(toWrite(variables)),
    networkMode: 'always',
    onSuccess: (_answer, { input }) => refreshChildData(queryClient, input.childId),
  });
}
