import { entryKind } from '../entries/all-entry-kinds';
import { ConflictError } from '../shared/domain-event';
import { instantMs } from '../time/zoned-time';
import { slotOf, type EntrySlot, type EntrySlotDay, type EntrySlotEvent, type SlotInterval, type SlottedKind } from './entry-slot.events';

/**
 * Two feedings (or two sleeps) of one child may not overlap. The rule is decided on streams with
 * optimistic concurrency, never on a read model, which lags the log: each entry holds a slot in a
 * stream per UTC day its times reach into (`entrySlotsStreamId`). Two entries that overlap share an
 * instant, so they share that instant's day, and their claims meet on one stream: whichever append
 * comes second is decided against the first.
 */

const DAY_MS = 86_400_000;

/** A claim younger than this may belong to a write still in flight, whose entry is not recorded yet. */
export const CLAIM_IN_FLIGHT_MS = 60_000;

export const overlapMessage = (kind: SlottedKind): string => `This overlaps ${entryKind(kind).anEntry} already logged for this child`;

/** The UTC days ('YYYY-MM-DD') that [startedAt, endedAt) reaches into, oldest first. */
export function slotDays(interval: SlotInterval): string[] {
  const first = Math.floor(instantMs(interval.startedAt) / DAY_MS);
  // The end is exclusive: an entry ending at midnight does not reach into the next day.
  const last = Math.floor((instantMs(interval.endedAt) - 1) / DAY_MS);
  const days: string[] = [];
  for (let day = first; day <= Math.max(first, last); day += 1) days.push(new Date(day * DAY_MS).toISOString().slice(0, 10));
  return days;
}

/** `2026-11-27T21:40:00.000Z`, as every recorded time is written: such times sort as text in time order. */
const isUtcMillis = (iso: string): boolean => iso.length === 24 && iso.charCodeAt(23) === 90 /* Z */ && iso.charCodeAt(10) === 84 /* T */;

/** Whether one instant is before another: compared as text when both are in the recorded form (a day's claims are compared with every slot it holds), else parsed. */
const isBefore = (a: string, b: string): boolean => (isUtcMillis(a) && isUtcMillis(b) ? a < b : instantMs(a) < instantMs(b));

export function intervalsOverlap(a: SlotInterval, b: SlotInterval): boolean {
  // Touching end to start is not overlapping: one bottle may start the minute the last one ended.
  return isBefore(a.startedAt, b.endedAt) && isBefore(b.startedAt, a.endedAt);
}

const sameTimes = (a: SlotInterval, b: SlotInterval): boolean => a.startedAt === b.startedAt && a.endedAt === b.endedAt;

/** The slots a day holds; a day without a stream yet holds the history it would be opened with. */
export function slotsOfDay(day: EntrySlotDay, history: readonly EntrySlot[]): EntrySlot[] {
  return day.opened ? [...day.slots] : [...history];
}

/** Other entries' slots of the day that `interval` overlaps. */
export function overlappingSlots(slots: readonly EntrySlot[], entryId: string, interval: SlotInterval): EntrySlot[] {
  return slots.filter((slot) => slot.entryId !== entryId && intervalsOverlap(slot, interval));
}

/** What the entry's own stream says of it: its times while it is logged. */
export type SlotHolder = { status: 'none' | 'logged' | 'deleted'; interval: SlotInterval | null };

/**
 * What a slot in the way of another entry stands for, by its entry's own stream:
 * - 'held': the entry is logged at those times, so the other entry overlaps it;
 * - 'in-flight': the entry is not logged at those times yet, and the claim is young enough to be a
 *   write between its two appends (claim, then the entry's event): wait for it to finish;
 * - 'left-over': the entry was deleted (it never comes back), or the claim is older than any write
 *   takes, left by a write that stopped between its appends: the slot is free.
 */
export function slotStanding(slot: EntrySlot, holder: SlotHolder, now: Date): 'held' | 'in-flight' | 'left-over' {
  if (holder.status === 'deleted') return 'left-over';
  if (holder.status === 'logged' && holder.interval !== null && sameTimes(holder.interval, slot)) return 'held';
  return now.getTime() - instantMs(slot.claimedAt) > CLAIM_IN_FLIGHT_MS ? 'left-over' : 'in-flight';
}

export type EntrySlotCommand =
  | {
      type: 'ClaimEntrySlot';
      /** `history` opens a day that has no stream yet; `leftOver` are slots found left over, released on the way. */
      data: { kind: SlottedKind; slot: EntrySlot; history: readonly EntrySlot[]; leftOver: readonly string[] };
    }
  /**
   * Makes the day say what the entry's own stream says: the slot it holds there, or none. Run after
   * the entry's event was appended (or failed to be), it is always right, whatever ran meanwhile.
   */
  | { type: 'MatchEntrySlot'; data: { entryId: string; slot: EntrySlot | null; history: readonly EntrySlot[] } };

/**
 * Several entries' claims on one day, decided at once so that the day takes them in one append (an
 * import's rows): each claim is refused or taken as ClaimEntrySlot would, in turn, against the day
 * and the claims taken before it, but a claim in the way of a slot is refused alone (`refused`: its
 * entry ids). A day without a stream yet opens holding the claims taken, in one event.
 */
export function decideEntrySlotClaims(
  day: EntrySlotDay,
  { slots, history, leftOver }: { slots: readonly EntrySlot[]; history: readonly EntrySlot[]; leftOver: readonly string[] },
): { events: EntrySlotEvent[]; refused: string[] } {
  const released = new Set(leftOver);
  const events: EntrySlotEvent[] = [];
  if (day.opened) for (const slot of day.slots) if (released.has(slot.entryId)) events.push({ type: 'EntrySlotReleased', data: { entryId: slot.entryId } });
  // Times read once: a day of an import decides dozens of claims against each other.
  const held = slotsOfDay(day, history)
    .filter((slot) => !released.has(slot.entryId))
    .map((slot) => ({ slot, start: instantMs(slot.startedAt), end: instantMs(slot.endedAt) }));
  const refused: string[] = [];
  const claimed: EntrySlot[] = [];
  for (const slot of slots) {
    const start = instantMs(slot.startedAt);
    const end = instantMs(slot.endedAt);
    if (held.some((other) => other.slot.entryId !== slot.entryId && other.start < end && start < other.end)) {
      refused.push(slot.entryId);
      continue;
    }
    const own = held.findIndex((other) => other.slot.entryId === slot.entryId);
    // The same times held already (a retried request): nothing more to record.
    if (own >= 0 && sameTimes(held[own]!.slot, slot)) continue;
    claimed.push(slot);
    if (own >= 0) held[own] = { slot, start, end };
    else held.push({ slot, start, end });
  }
  if (!day.opened) return { events: [{ type: 'EntrySlotsOpened', data: { slots: held.map(({ slot }) => slot) } }], refused };
  return { events: [...events, ...claimed.map((slot): EntrySlotEvent => ({ type: 'EntrySlotClaimed', data: slot }))], refused };
}

export function decideEntrySlotDay(command: EntrySlotCommand, day: EntrySlotDay): EntrySlotEvent[] {
  switch (command.type) {
    case 'ClaimEntrySlot': {
      const { kind, slot, history, leftOver } = command.data;
      const events: EntrySlotEvent[] = [];
      const isLeftOver = (held: EntrySlot) => leftOver.includes(held.entryId);
      const slots = slotsOfDay(day, history).filter((held) => !isLeftOver(held));
      if (!day.opened) events.push({ type: 'EntrySlotsOpened', data: { slots } });
      else for (const held of day.slots) if (isLeftOver(held)) events.push({ type: 'EntrySlotReleased', data: { entryId: held.entryId } });
      if (overlappingSlots(slots, slot.entryId, slot).length > 0) throw new ConflictError(overlapMessage(kind));
      const own = slots.find((held) => held.entryId === slot.entryId);
      // The same times held already (a retried request): nothing more to record.
      if (!own || !sameTimes(own, slot)) events.push({ type: 'EntrySlotClaimed', data: slot });
      return events;
    }
    case 'MatchEntrySlot': {
      const { entryId, slot, history } = command.data;
      const others = slotsOfDay(day, history).filter((held) => held.entryId !== entryId);
      if (!day.opened) return [{ type: 'EntrySlotsOpened', data: { slots: slot ? [...others, slot] : others } }];
      const held = slotOf(day, entryId);
      if (!slot) return held ? [{ type: 'EntrySlotReleased', data: { entryId } }] : [];
      return held && sameTimes(held, slot) ? [] : [{ type: 'EntrySlotClaimed', data: slot }];
    }
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}
