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
