import { useEffect, useRef, useState } from 'react';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { createIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { offlineId } from '../../../lib/offline/outbox.ts';
import type { LastBottle } from '../../../types/api.ts';
import { useLogSameBottle, useRemoveBottle } from '../api/same-bottle-again.ts';
import { t } from '../../../lib/i18n/i18n-store.ts';

/** How long the logged bottle can be taken back with Undo. */
export const UNDO_MS = 10_000;
/** How long 'Bottle removed' stays after an Undo. */
export const REMOVED_NOTICE_MS = 4_000;

/** One tap's request: made on the first tap, kept until its toast closes. */
type Tap = { idempotencyKey: string; startedAt: string };

/**
 * 'Same as last' in one tap, and once per tap: the key and the start are made on the first tap and
 * kept until the toast closes, so a double tap, the query client's retry or a second tap after a
 * lost answer all send the same request, which the server logs once.
 */
export function useSameBottleTap(childId: string) {
  const log = useLogSameBottle();
  const remove = useRemoveBottle();
  const tap = useRef<Tap | null>(null);
  // Set on the tap itself, before React re-renders the button as disabled: a second tap in between is dropped.
  const sending = useRef(false);
  const [loggedId, setLoggedId] = useState<string | null>(null);
  const [removed, setRemoved] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const undoing = remove.isPending;

  function closeToast() {
    setLoggedId(null);
    tap.current = null;
  }

  // The toast closes by itself; not while an Undo is on its way, whose answer closes it.
  useEffect(() => {
    if (loggedId === null || undoing) return;
    const timeout = setTimeout(closeToast, UNDO_MS);
    return () => clearTimeout(timeout);
  }, [loggedId, undoing]);

  useEffect(() => {
    if (!removed) return;
    const timeout = setTimeout(() => setRemoved(false), REMOVED_NOTICE_MS);
    return () => clearTimeout(timeout);
  }, [removed]);

  function logAgain(bottle: LastBottle) {
    if (sending.current || loggedId !== null) return;
    sending.current = true;
    tap.current ??= { idempotencyKey: createIdempotencyKey(), startedAt: new Date().toISOString() };
    setRefusal(null);
    setRemoved(false);
    log.mutate(
      { childId, bottle, ...tap.current },
      {
        // Waiting in the outbox, it goes by its placeholder id: Undo then drops it unsent.
        onSuccess: (submitted) => setLoggedId(submitted.queued ? offlineId(submitted.item.idempotencyKey) : submitted.answer.id),
        onError: (error) => {
          setRefusal(errorMessage(error, t('timer.logBottleFailed')));
          // A refusal recorded nothing: the next tap is a new request. A lost answer may have been
          // logged, so the next tap sends the same one again.
          if (isApiError(error) && error.status < 500) tap.current = null;
        },
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  }

  function undo() {
    if (loggedId === null || undoing) return;
    setRefusal(null);
    remove.mutate(
      { childId, feedingId: loggedId },
      {
        onSuccess: () => {
          closeToast();
          setRemoved(true);
        },
        onError: (error) => setRefusal(errorMessage(error, t('timer.removeBottleFailed'))),
      },
    );
  }

  return { logAgain, undo, logging: log.isPending, loggedId, undoing, removed, refusal };
}
