import type { SessionKind } from '../entries/all-entry-kinds';
import type { DomainEvent } from '../shared/domain-event';

/** The kinds of entry whose times may not overlap another entry of the same kind and child. */
export type SlottedKind = SessionKind;

export interface SlotInterval {
  startedAt: string;
  endedAt: string;
}

/** An entry's hold on its time within one day: `claimedAt` is when the hold was taken. */
export interface EntrySlot extends SlotInterval {
  entryId: string;
  claimedAt: string;
}

/**
 * The first event of a day's stream. Entries logged before days had streams are only in the
 * timeline; they are carried in here once, so that from then on the stream alone decides. An
 * import opens a day holding its own rows' claims too, each with its own `claimedAt`: one event for
 * the dozens of sessions a day of a file has.
 */
export type EntrySlotsOpened = DomainEvent<'EntrySlotsOpened', { slots: EntrySlot[] }>;
export type EntrySlotClaimed = DomainEvent<'EntrySlotClaimed', EntrySlot>;
export type EntrySlotReleased = DomainEvent<'EntrySlotReleased', { entryId: string }>;
export type EntrySlotEvent = EntrySlotsOpened | EntrySlotClaimed | EntrySlotReleased;

/** One day of one kind of one child's entries: the entries whose times reach into that day. */
export interface EntrySlotDay {
  opened: boolean;
  slots: ReadonlyMap<string, EntrySlot>;
}

export const initialEntrySlotDay = (): EntrySlotDay => ({ opened: false, slots: new Map() });

export function evolveEntrySlotDay(state: EntrySlotDay, event: { type: string; data: unknown }): EntrySlotDay {
  const e = event as EntrySlotEvent;
  switch (e.type) {
    case 'EntrySlotsOpened':
      return { opened: true, slots: new Map(e.data.slots.map((slot) => [slot.entryId, slot])) };
    case 'EntrySlotClaimed':
      return { opened: true, slots: new Map(state.slots).set(e.data.entryId, e.data) };
    case 'EntrySlotReleased': {
      const slots = new Map(state.slots);
      slots.delete(e.data.entryId);
      return { opened: true, slots };
    }
    default:
      return state;
  }
}
