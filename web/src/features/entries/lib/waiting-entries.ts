import type { OutboxItem, Refusal } from '../../../lib/offline/outbox.ts';
import type { Feeding, TimelineEntry } from '../../../types/api.ts';
import { sortNewestFirst } from './timeline.ts';

/** What reopens an entry's dialog after a refusal: its kind, the form's values, the entry corrected (`feeding` in a write kept before every kind could be corrected). */
export type WaitingForm = { entryType: TimelineEntry['type']; values?: unknown; entry?: unknown; feeding?: Feeding };

/** A write of this entry still in the outbox: waiting to be sent, or refused with the server's reason. */
export type SyncMark = { itemId: string; action: 'add' | 'correct' | 'delete'; refusal: Refusal | null; form: WaitingForm | null };

/** Edit on a refused write: which outbox item it replaces, and the form's values it was made from. */
export type WaitingWrite = { itemId: string; values: unknown };

export type ListedEntry = TimelineEntry & { sync?: SyncMark };

const markOf = (item: OutboxItem, action: SyncMark['action'], form: unknown): SyncMark => ({ itemId: item.id, action, refusal: item.refusal, form: (form as WaitingForm | null) ?? null });

/**
 * The day's entries as the server listed them, with what the outbox still holds for them: an entry
 * added offline (on this date) as the server would show it, a correction in place of the entry, a
 * deletion marked on it. Each carries its mark until it is sent.
 */
export function withWaitingWrites(entries: readonly TimelineEntry[], items: readonly OutboxItem[], date: string): ListedEntry[] {
  const listed: ListedEntry[] = [...entries];
  const at = (id: string) => listed.findIndex((entry) => entry.id === id);
  for (const item of items) {
    const { view } = item;
    if (view.kind === 'entry-added') {
      const entry = view.entry as TimelineEntry;
      if (entry.datetime.startsWith(date)) listed.push({ ...entry, sync: markOf(item, 'add', view.form) });
    } else if (view.kind === 'entry-corrected') {
      const index = at(view.entryId);
      if (index >= 0) listed[index] = { ...(view.entry as TimelineEntry), loggedBy: listed[index]!.loggedBy, sync: markOf(item, 'correct', view.form) };
    } else if (view.kind === 'entry-deleted') {
      const index = at(view.entryId);
      if (index >= 0) listed[index] = { ...listed[index]!, sync: markOf(item, 'delete', null) };
    }
  }
  return sortNewestFirst(listed);
}
