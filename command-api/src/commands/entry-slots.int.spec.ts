import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { entrySlotsStreamId } from '@nightlight/domain/shared/stream-ids';
import { createSqliteEventStore } from '@nightlight/infrastructure/event-store/sqlite-event-store';
import { WrongExpectedRevisionError, type EventStore } from '@nightlight/infrastructure/ports/event-store';
import type { ReadStore } from '@nightlight/infrastructure/ports/read-store';
import { claimEntrySlots } from './entry-slots';

let directory: string;
let eventStore: EventStore;
let refusedAppends: number;
let dayAppends: number;

beforeEach(() => {
  directory = mkdtempSync(path.join(tmpdir(), 'nightlight-entry-slots-'));
  const store = createSqliteEventStore({ file: path.join(directory, 'events.sqlite') });
  refusedAppends = 0;
  dayAppends = 0;
  // Counts the appends to days, and those the log refused for a revision moved meanwhile.
  eventStore = {
    ...store,
    append: (streamId, events, expected) => {
      dayAppends += 1;
      return store.append(streamId, events, expected).catch((error: unknown) => {
        if (error instanceof WrongExpectedRevisionError) refusedAppends += 1;
        throw error;
      });
    },
  };
});
afterEach(async () => {
  await eventStore.close();
  rmSync(directory, { recursive: true, force: true });
});

// Every day here has its stream from its first claim: the timeline is never asked.
const noTimeline = { collection: () => ({ find: async () => [] }) } as unknown as ReadStore;

describe("one child's writes to one day in one process", () => {
  it('are decided in turn and recorded together: 30 feedings sent at once are all claimed in a few appends, none refused for a moved revision', async () => {
    const childId = uuidv7();
    const deps = { eventStore, readStore: noTimeline, clock: () => new Date('2026-11-20T12:00:00.000Z'), newId: uuidv7 };
    const feedings = Array.from({ length: 30 }, (_, i) => ({
      entryId: uuidv7(),
      startedAt: new Date(Date.parse('2026-11-20T00:00:00.000Z') + i * 40 * 60_000).toISOString(),
      endedAt: new Date(Date.parse('2026-11-20T00:20:00.000Z') + i * 40 * 60_000).toISOString(),
    }));
    await Promise.all(
      feedings.map(({ entryId, startedAt, endedAt }) =>
        claimEntrySlots(deps, {
          kind: 'feeding',
          childId,
          entryId,
          next: { startedAt, endedAt },
          previous: null,
          holderOf: async () => ({ status: 'logged', interval: null }),
          actor: { userId: 'parent', correlationId: entryId },
        }),
      ),
    );
    const day = await eventStore.readStream(entrySlotsStreamId('feeding', childId, '2026-11-20'));
    expect(day.filter((event) => event.type === 'EntrySlotClaimed')).toHaveLength(30);
    expect(refusedAppends).toBe(0);
    // The first claim goes alone; the 29 asked while it was being committed go in the next append.
    expect(dayAppends).toBe(2);
  });
});

describe('one day written by two processes on one log', () => {
  const at = (hhmm: string) => `2026-11-20T${hhmm}:00.000Z`;
  let other: EventStore;
  beforeEach(() => {
    // A second connection with a writer thread of its own: another process, as a command-api started apart is.
    other = createSqliteEventStore({ file: path.join(directory, 'events.sqlite') });
  });
  afterEach(async () => other.close());
  let childId: string;
  beforeEach(() => {
    childId = uuidv7();
  });

  const depsOf = (store: EventStore) => ({ eventStore: store, readStore: noTimeline, clock: () => new Date(at('13:00')), newId: uuidv7 });
  const claim = (store: EventStore, entryId: string, next: { startedAt: string; endedAt: string }, previous: { startedAt: string; endedAt: string } | null, holders: Record<string, { startedAt: string; endedAt: string }>) =>
    claimEntrySlots(depsOf(store), {
      kind: 'feeding',
      childId,
      entryId,
      next,
      previous,
      holderOf: async (id) => ({ status: 'logged', interval: holders[id] ?? null }),
      actor: { userId: 'parent', correlationId: entryId },
    });
  const slotsOnDay = async () => {
    let slots = new Map<string, string>();
    for (const event of await eventStore.readStream(entrySlotsStreamId('feeding', childId, '2026-11-20'))) {
      const data = event.data as { slots?: { entryId: string; startedAt: string }[]; entryId: string; startedAt: string };
      if (event.type === 'EntrySlotsOpened') slots = new Map(data.slots!.map((slot) => [slot.entryId, slot.startedAt]));
      if (event.type === 'EntrySlotClaimed') slots.set(data.entryId, data.startedAt);
      if (event.type === 'EntrySlotReleased') slots.delete(data.entryId);
    }
    return Object.fromEntries(slots);
  };

  it('decides on the log, not on what this process last left, when the slot in the way was moved by the other', async () => {
    const [first, second] = [uuidv7(), uuidv7()];
    await claim(eventStore, first, { startedAt: at('10:00'), endedAt: at('10:30') }, null, {});
    // The other process moves the first feeding to noon.
    const moved = { startedAt: at('12:00'), endedAt: at('12:30') };
    await (await claim(other, first, moved, { startedAt: at('10:00'), endedAt: at('10:30') }, { [first]: moved })).settle();
    // This process still knows the day with the first at ten: that slot looks like a write in flight, which a claim waits up to 2 s for.
    const started = Date.now();
    await claim(eventStore, second, { startedAt: at('10:10'), endedAt: at('10:40') }, null, { [first]: moved });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await slotsOnDay()).toEqual({ [first]: at('12:00'), [second]: at('10:10') });
  });

  it('refuses an overlap with what the other process claimed since, which the append at the revision it knew finds', async () => {
    const [first, second, third] = [uuidv7(), uuidv7(), uuidv7()];
    const holders = { [first]: { startedAt: at('08:00'), endedAt: at('08:30') }, [second]: { startedAt: at('10:00'), endedAt: at('10:30') } };
    await claim(eventStore, first, holders[first]!, null, holders);
    await claim(other, second, holders[second]!, null, holders);
    await expect(claim(eventStore, third, { startedAt: at('10:15'), endedAt: at('10:45') }, null, holders)).rejects.toThrow('This overlaps a feeding already logged for this child');
    expect(refusedAppends).toBe(1);
    expect(await slotsOnDay()).toEqual({ [first]: at('08:00'), [second]: at('10:00') });
  });
});
