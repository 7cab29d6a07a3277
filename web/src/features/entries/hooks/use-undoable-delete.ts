import { useEffect, useRef, useState } from 'react';
import { entryKindOf } from '@nightlight/domain/entries/entry-kinds';
import { errorMessage } from '../../../lib/api-client.ts';
import { createIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { outbox } from '../../../lib/offline/app-outbox.ts';
import type { TimelineEntry } from '../../../types/api.ts';
import { useDeleteEntry, useRestoreEntry } from '../api/delete-entry.ts';
import { t } from '../../../lib/i18n/i18n-store.ts';

/** How long a deleted entry can be brought back with Undo. */
export const UNDO_DELETE_MS = 10_000;

/** The deletion the toast offers to undo: the entry as it was, and the outbox item while the deletion waits there. */
type Deleted = { entry: TimelineEntry; waitingItemId: string | null };

/**
 * Deleting an entry of a day's list, recoverably: the first tap deletes (its key made then, so a
 * second tap, or the query client's retry, sends the same request, which the server answers once);
 * 'Deleted · Undo' stays for ten seconds, and Undo brings the entry back as it was, or drops a
 * deletion still waiting offline.
 */
export function useUndoableDelete(childId: string) {
  const deletion = useDeleteEntry();
  const restore = useRestoreEntry();
  // Entry ids tapped, and their keys: one deletion per entry whatever the taps.
  const tapped = useRef(new Map<string, string>());
  const [deleting, setDeleting] = useState<ReadonlySet<string>>(new Set());
  const [deleted, setDeleted] = useState<Deleted | null>(null);
  // Why an Undo did not bring the entry back (another entry took its time meanwhile).
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    if (deleted === null || restore.isPending) return;
    const timeout = setTimeout(() => setDeleted(null), UNDO_DELETE_MS);
    return () => clearTimeout(timeout);
  }, [deleted, restore.isPending]);

  useEffect(() => {
    if (refusal === null) return;
    const timeout = setTimeout(() => setRefusal(null), UNDO_DELETE_MS);
    return () => clearTimeout(timeout);
  }, [refusal]);

  function remove(entry: TimelineEntry) {
    if (tapped.current.has(entry.id)) return;
    setRefusal(null);
    const idempotencyKey = createIdempotencyKey();
    tapped.current.set(entry.id, idempotencyKey);
    setDeleting((current) => new Set(current).add(entry.id));
    const settled = () => {
      tapped.current.delete(entry.id);
      setDeleting((current) => {
        const next = new Set(current);
        next.delete(entry.id);
        return next;
      });
    };
    deletion.mutate(
      { id: entry.id, childId, type: entry.type, idempotencyKey },
      {
        onSuccess: (submitted) => setDeleted({ entry, waitingItemId: submitted.queued ? submitted.item.id : null }),
        // The product shows no message for a failed delete: the entry simply stays in the list.
        onError: (error) => console.error(`Could not delete the ${entry.type.toLowerCase()} entry`, error),
        onSettled: settled,
      },
    );
  }

  function undo() {
    if (deleted === null || restore.isPending) return;
    const { entry, waitingItemId } = deleted;
    if (waitingItemId !== null) {
      // Never sent: the deletion is simply dropped.
      void outbox.discard(waitingItemId).then(() => setDeleted(null));
      return;
    }
    restore.mutate(
      { entry, childId, idempotencyKey: createIdempotencyKey() },
      {
        onSettled: () => setDeleted(null),
        onError: (error) => setRefusal(errorMessage(error, t('entry.restoreFailed', { kind: entryKindOf(entry.type) }))),
      },
    );
  }

  return { remove, undo, deleted: deleted?.entry ?? null, isDeleting: (id: string) => deleting.has(id), undoing: restore.isPending, refusal };
}
