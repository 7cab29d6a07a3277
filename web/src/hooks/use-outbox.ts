import { useMutation } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { outbox } from '../lib/offline/app-outbox.ts';
import type { OutboxItem, OutboxWrite } from '../lib/offline/outbox.ts';

const NONE: readonly OutboxItem[] = [];

/** The signed-in account's writes still waiting in the outbox (or refused), in order; one child's when given. */
export function useOutboxItems(childId?: string): readonly OutboxItem[] {
  const items = useSyncExternalStore(outbox.subscribe, outbox.getItems);
  if (childId === undefined) return items;
  const mine = items.filter((item) => item.childId === childId);
  return mine.length === 0 ? NONE : mine;
}

/**
 * Saving a dialog opened with Edit on a refused write: the corrected write takes the refused one's
 * place (and key) in the outbox and is sent again. Shaped like the dialogs' own save.
 */
export function useReplaceWaiting<Variables>(itemId: string | undefined, toWrite: (variables: Variables) => OutboxWrite) {
  return useMutation({
    mutationFn: async (variables: Variables) => {
      if (!itemId) throw new Error('Nothing to replace');
      await outbox.replace(itemId, toWrite(variables));
    },
    networkMode: 'always',
  });
}
