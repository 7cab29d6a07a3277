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

/**
 * One day of one kind of one child's entries: the entries whose times reach into that day, in the
 * order they first claimed it. An array, not a map by entry: a day holds a few dozen slots, and a
 * claim makes a new state each time, which an array copies at a fraction of a map's cost.
 */
export interface EntrySlotDay {
  opened: boolean;
  slots: readonly EntrySlot[];
}

export const initialEntrySlotDay = (): EntrySlotDay => ({ opened: false, slots: [] });

/** The slot the entry holds on the day, if any. */
export const slotOf = (day: EntrySlotDay, entryId: string): EntrySlot | undefined => day.slots.find((slot) => slot.entryId === entryId);

/** The slots with `slot` in place of the entry's own, or added last. */
function withSlot(slots: readonly EntrySlot[], slot: EntrySlot): EntrySlot[] {
  const own = slots.findIndex((held) => held.entryId === slot.entryId);
  const next = slots.slice();
  if (own === -1) next.push(slot);
  else next[own] = slot;
  return next;
}

export function evolveEntrySlotDay(state: EntrySlotDay, event: { type: string; data: unknown }): EntrySlotDay {
  const e = event as EntrySlotEvent;
  switch (e.type) {
    case 'EntrySlotsOpened':
      // An entry named twice holds the place it was first named at, with the times it was named with last.
      return { opened: true, slots: [...new Map(e.data.slots.map((slot) => [slot.entryId, slot])).values()] };
    case 'EntrySlotClaimed':
      return { opened: true, slots: withSlot(state.slots, e.data) };
    case 'EntrySlotReleased':
      return { opened: true, slots: state.slots.filter((slot) => slot.entryId !== e.data.entryId) };
    default:
      return state;
  }
}
