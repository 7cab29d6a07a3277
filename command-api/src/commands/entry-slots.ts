import { entryKind } from '@nightlight/domain/entries/all-entry-kinds';
import {
  decideEntrySlotDay,
  overlapMessage,
  overlappingSlots,
  slotDays,
  slotStanding,
  slotsOfDay,
  type EntrySlotCommand,
  type SlotHolder,
} from '@nightlight/domain/entry-slots/entry-slot.decider';
import { evolveEntrySlotDay, initialEntrySlotDay, type EntrySlot, type EntrySlotDay, type EntrySlotEvent, type SlotInterval, type SlottedKind } from '@nightlight/domain/entry-slots/entry-slot.events';
import { TIMELINE_COLLECTION, type TimelineDocument } from '@nightlight/domain/read-models/timeline/timeline-document';
import { ConflictError } from '@nightlight/domain/shared/domain-event';
import { entrySlotsStreamId } from '@nightlight/domain/shared/stream-ids';
import { instantMs } from '@nightlight/domain/time/zoned-time';
import { WrongExpectedRevisionError, type EventStore } from '@nightlight/infrastructure/ports/event-store';
import type { ReadStore } from '@nightlight/infrastructure/ports/read-store';
import { toNewEvent } from '../command-handler';
import { StreamBatches } from './stream-batches';
import { StreamStateCache } from './stream-state-cache';

const DAY_MS = 86_400_000;

/**
 * Within a process, one day's decisions are taken in turn (`dayBatchesOf`), so they never race;
 * appends from another process (a command-api beside this one, an older release) still can, and
 * the loser reads the day again and decides once more. Each round lets one write through, so this
 * bounds a burst of this many writes to one day at once.
 */
const MAX_ATTEMPTS = 100;
/** A write in flight finishes within a few commits; one that takes longer than this stopped, and the claim stands until it is left over. */
const IN_FLIGHT_WAIT_MS = 2_000;
const IN_FLIGHT_PAUSE_MS = 5;

/**
 * Days as their streams have them, per event store (per process): a day's stream grows by a claim
 * or a release with every write reaching into it, and folding it from the start each time made
 * reading days the largest part of a write's work (`http.bench.ts`). Kept by their slots, since
 * a slot is what they hold (247 bytes of heap each, measured): 100,000 slots are the last few days
 * of thousands of children at 15 entries a day, 25 MB. Counted by days (10,000 of them), the 6,000
 * days of 72 entries that ten minutes of the benchmark's heavy writes touch held about 120 MB.
 */
const SLOTS_KEPT = 100_000;
const dayStates = new WeakMap<EventStore, StreamStateCache<EntrySlotDay>>();
const dayStatesOf = (eventStore: EventStore): StreamStateCache<EntrySlotDay> => {
  let states = dayStates.get(eventStore);
  if (!states) dayStates.set(eventStore, (states = new StreamStateCache(evolveEntrySlotDay, initialEntrySlotDay, SLOTS_KEPT, (day) => 1 + day.slots.length)));
  return states;
};

/**
 * One day's decisions in this process, taken in turn and appended together, per event store: a
 * child's writes reaching the same day would otherwise all read its revision, all but one append
 * fail and start again, and each that got through would wait for a commit of its own. A turn
 * decides on the day as the last append left it (stream-batches.ts says when the log is read).
 */
const dayBatches = new WeakMap<EventStore, StreamBatches<EntrySlotDay, EntrySlotEvent>>();
const dayBatchesOf = (eventStore: EventStore): StreamBatches<EntrySlotDay, EntrySlotEvent> => {
  let batches = dayBatches.get(eventStore);
  if (!batches) {
    const states = dayStatesOf(eventStore);
    batches = new StreamBatches<EntrySlotDay, EntrySlotEvent>({
      read: async (streamId, checked) => {
        const last = checked ? null : states.last(streamId);
        return last ? { ...last, checked: false } : { ...(await states.read(eventStore, streamId)), checked: true };
      },
      evolve: evolveEntrySlotDay,
      append: (streamId, events, expected) => eventStore.append(streamId, events, expected),
      appended: (streamId, state, length) => states.appended(streamId, state, length),
      moved: (streamId) => states.drop(streamId),
    });
    dayBatches.set(eventStore, batches);
  }
  return batches;
};

/** A slot in the way belongs to a write not finished yet: its day is read again after a pause. */
export class SlotInFlight extends Error {}

export interface EntrySlotDeps {
  eventStore: EventStore;
  readStore: ReadStore;
  clock: () => Date;
  newId: () => string;
}

export interface EntrySlotChange {
  kind: SlottedKind;
  childId: string;
  entryId: string;
  /** The times the entry is to hold: null when it is being deleted. */
  next: SlotInterval | null;
  /** The times it holds now: null when it is new. */
  previous: SlotInterval | null;
  /** What the entry's own stream says of it now. */
  holderOf: (entryId: string) => Promise<SlotHolder>;
  actor: SlotActor;
}

/** Who writes to a day, and in which request. */
export interface SlotActor {
  userId: string;
  correlationId: string;
}

export interface HeldSlots {
  /** After the entry's event is recorded: the days it has left no longer hold it. */
  settle(): Promise<void>;
  /** After the entry's event could not be recorded: every day touched says again what the entry holds. */
  undo(): Promise<void>;
}

/** The metadata of a day's events: who wrote there and in which request. */
const slotMetadata = (deps: EntrySlotDeps, actor: SlotActor) => ({ userId: actor.userId, correlationId: actor.correlationId, causationId: actor.correlationId, recordedAt: deps.clock().toISOString() });

/**
 * Reads a day of one kind of a child's entries, decides on it, and (with `record`) appends what
 * was decided at the revision read, reading and deciding again if the day moved meanwhile. `decide`
 * is told whether a write still in flight may yet be waited for; it throws SlotInFlight to wait.
 * Without `record` it only finds out whether the decision is refused.
 */
export async function decideOnDay(
  deps: EntrySlotDeps,
  day: { kind: SlottedKind; childId: string; day: string; history: () => Promise<EntrySlot[]> },
  actor: SlotActor,
  decide: (state: EntrySlotDay, history: EntrySlot[], mayWait: boolean) => Promise<EntrySlotEvent[]>,
  record = true,
): Promise<void> {
  const streamId = entrySlotsStreamId(day.kind, day.childId, day.day);
  const waitUntil = Date.now() + IN_FLIGHT_WAIT_MS;
  const onState = async (state: EntrySlotDay): Promise<EntrySlotEvent[] | 'wait'> => {
    const history = state.opened ? [] : await day.history();
    try {
      return await decide(state, history, Date.now() <= waitUntil);
    } catch (error) {
      if (error instanceof SlotInFlight) return 'wait';
      throw error;
    }
  };
  const recorded = record ? (events: EntrySlotEvent[]) => events.map((event) => toNewEvent(event, deps.newId(), slotMetadata(deps, actor))) : null;
  for (let attempts = 1; ; attempts += 1) {
    const outcome = await dayBatchesOf(deps.eventStore).ask(streamId, onState, recorded);
    if (outcome === 'done') return;
    if (outcome instanceof WrongExpectedRevisionError && attempts >= MAX_ATTEMPTS) throw outcome;
    // Waiting for a write in flight, the day is left to the others meanwhile.
    if (outcome === 'wait') await new Promise((resolve) => setTimeout(resolve, IN_FLIGHT_PAUSE_MS));
  }
}

/**
 * Claims the entry's new times on every day they reach into, oldest day first, before its event is
 * appended. A clash with an entry logged there is 409; a clash with a write still in flight waits
 * for it; a slot left over from a write that never finished is released on the way.
 */
export async function claimEntrySlots(deps: EntrySlotDeps, change: EntrySlotChange): Promise<HeldSlots> {
  const { kind, childId, entryId, next, previous } = change;
  const nextDays = next ? slotDays(next) : [];
  const previousDays = previous ? slotDays(previous) : [];
  const onDay = (day: string, command: (state: EntrySlotDay, history: EntrySlot[], mayWait: boolean) => Promise<EntrySlotCommand>, record = true) =>
    decideOnDay(
      deps,
      { kind, childId, day, history: () => timelineHistory(deps.readStore, kind, childId, day, deps.clock()) },
      change.actor,
      async (state, history, mayWait) => decideEntrySlotDay(await command(state, history, mayWait), state),
      record,
    );

  /**
   * The slots in the way that are left over. Another entry logged there is a 409; one in flight is
   * waited for, and still unfinished after any write would have finished, it counts as held.
   */
  async function leftOverIn(inTheWay: EntrySlot[], mayWait: boolean): Promise<string[]> {
    const leftOver: string[] = [];
    for (const other of inTheWay) {
      const standing = slotStanding(other, await change.holderOf(other.entryId), deps.clock());
      if (standing === 'held' || (standing === 'in-flight' && !mayWait)) throw new ConflictError(overlapMessage(kind));
      if (standing === 'in-flight') throw new SlotInFlight();
      leftOver.push(other.entryId);
    }
    return leftOver;
  }

  /** The day as the entry's stream has it now. */
  const matchDay = (day: string) =>
    onDay(day, async (_state, history) => {
      const holder = await change.holderOf(entryId);
      const holds = holder.status === 'logged' && holder.interval && slotDays(holder.interval).includes(day);
      const slot = holds && holder.interval ? { entryId, ...holder.interval, claimedAt: deps.clock().toISOString() } : null;
      return { type: 'MatchEntrySlot', data: { entryId, slot, history } };
    });

  if (next) {
    const slot: EntrySlot = { entryId, ...next, claimedAt: deps.clock().toISOString() };
    const claim = (state: EntrySlotDay, history: EntrySlot[], mayWait: boolean): Promise<EntrySlotCommand> =>
      leftOverIn(overlappingSlots(slotsOfDay(state, history), entryId, next), mayWait).then((leftOver) => ({ type: 'ClaimEntrySlot', data: { kind, slot, history, leftOver } }));
    // Across midnight, every day is asked first, so a refusal writes nothing unless writes race.
    if (nextDays.length > 1) for (const day of nextDays) await onDay(day, claim, false);
    const claimed: string[] = [];
    try {
      for (const day of nextDays) {
        await onDay(day, claim);
        claimed.push(day);
      }
    } catch (error) {
      await Promise.all(claimed.map(matchDay)).catch(() => undefined);
      throw error;
    }
  }

  return {
    settle: async () => {
      for (const day of previousDays) if (!nextDays.includes(day)) await matchDay(day);
    },
    undo: async () => {
      for (const day of nextDays) await matchDay(day);
    },
  };
}

/**
 * The entries of a day that has no stream yet, from the timeline: entries logged before days had
 * streams are nowhere else. Every entry logged since holds its days, so a day without a stream has
 * only such entries, long projected.
 */
export async function timelineHistory(readStore: ReadStore, kind: SlottedKind, childId: string, day: string, now: Date): Promise<EntrySlot[]> {
  const dayStart = Date.parse(`${day}T00:00:00.000Z`);
  const earliestStart = new Date(dayStart - entryKind(kind).longestMinutes! * 60_000).toISOString();
  const dayEnd = new Date(dayStart + DAY_MS).toISOString();
  const nearby = await readStore
    .collection<TimelineDocument>(TIMELINE_COLLECTION)
    .find({ childId, startedAt: { $gt: earliestStart, $lt: dayEnd } }, { readOnly: true });
  return nearby
    .filter((entry) => entry.kind === kind && instantMs(entry.endedAt) > dayStart)
    .map((entry) => ({ entryId: entry._id, startedAt: entry.startedAt, endedAt: entry.endedAt, claimedAt: now.toISOString() }));
}
