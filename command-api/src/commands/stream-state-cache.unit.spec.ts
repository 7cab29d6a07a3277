import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteEventStore } from '@nightlight/infrastructure/event-store/sqlite-event-store';
import type { EventStore, NewEvent } from '@nightlight/infrastructure/ports/event-store';
import { StreamStateCache } from './stream-state-cache';

const event = (n: number): NewEvent => ({
  id: crypto.randomUUID(),
  type: 'Added',
  data: { n },
  metadata: { correlationId: 'c', causationId: 'c', schemaVersion: 1, recordedAt: '2026-01-01T00:00:00.000Z' },
});
/** A state every event changes: the numbers in order. */
const fold = (state: number[], recorded: { data: unknown }) => [...state, (recorded.data as { n: number }).n];

describe('the stream state cache', () => {
  let dir: string;
  let store: EventStore;
  /** The revision each read asked for, as the log saw it. */
  let asked: number[];
  let counting: EventStore;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'stream-state-cache-'));
    store = createSqliteEventStore({ file: path.join(dir, 'events.sqlite') });
    asked = [];
    counting = { ...store, readStream: (streamId, fromRevision) => (asked.push(fromRevision ?? 0), store.readStream(streamId, fromRevision)) };
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('folds a stream once, then asks the log only for the events after what it folded', async () => {
    const cache = new StreamStateCache<number[]>(fold, () => [], 10);
    expect(await cache.read(counting, 'day-1')).toEqual({ state: [], length: 0 });
    await store.append('day-1', [event(1), event(2)], 'no_stream');
    expect(await cache.read(counting, 'day-1')).toEqual({ state: [1, 2], length: 2 });
    await store.append('day-1', [event(3)], 1);
    expect(await cache.read(counting, 'day-1')).toEqual({ state: [1, 2, 3], length: 3 });
    expect(await cache.read(counting, 'day-1')).toEqual({ state: [1, 2, 3], length: 3 });
    expect(asked).toEqual([0, 0, 2, 3]);
  });

  it('folds nothing twice when a store hands the whole stream back', async () => {
    const whole: EventStore = { ...store, readStream: (streamId) => store.readStream(streamId) };
    const cache = new StreamStateCache<number[]>(fold, () => [], 10);
    await store.append('day-1', [event(1), event(2)], 'no_stream');
    await cache.read(whole, 'day-1');
    await store.append('day-1', [event(3)], 1);
    expect(await cache.read(whole, 'day-1')).toEqual({ state: [1, 2, 3], length: 3 });
  });

  it('keeps at most its limit of streams, dropping the least recently read', async () => {
    const cache = new StreamStateCache<number[]>(fold, () => [], 2);
    for (const day of ['day-1', 'day-2', 'day-3']) await store.append(day, [event(1)], 'no_stream');
    await cache.read(counting, 'day-1');
    await cache.read(counting, 'day-2');
    await cache.read(counting, 'day-1');
    await cache.read(counting, 'day-3');
    asked = [];
    // day-2 went when day-3 came, and is read from the start again; day-1, read after it, stayed.
    await cache.read(counting, 'day-1');
    await cache.read(counting, 'day-2');
    expect(asked).toEqual([1, 0]);
  });

  it('keeps what weighs no more than its limit, a heavy state pushing out as many light ones as it takes', async () => {
    // Each state weighs what it holds: a stream of three events weighs 3.
    const cache = new StreamStateCache<number[]>(fold, () => [], 3, (state) => state.length);
    await store.append('day-1', [event(1)], 'no_stream');
    await store.append('day-2', [event(1)], 'no_stream');
    await store.append('day-3', [event(1), event(2), event(3)], 'no_stream');
    await cache.read(counting, 'day-1');
    await cache.read(counting, 'day-2');
    await cache.read(counting, 'day-3');
    asked = [];
    // day-3 (3) needed the room of both day-1 and day-2 (1 each; 5 in all against 3): both are read from the start again.
    await cache.read(counting, 'day-3');
    await cache.read(counting, 'day-2');
    await cache.read(counting, 'day-1');
    expect(asked).toEqual([3, 0, 0]);
  });

  it('keeps the state just read even when it alone weighs more than the limit', async () => {
    const cache = new StreamStateCache<number[]>(fold, () => [], 2, (state) => state.length);
    await store.append('day-1', [event(1), event(2), event(3)], 'no_stream');
    await cache.read(counting, 'day-1');
    asked = [];
    await cache.read(counting, 'day-1');
    expect(asked).toEqual([3]);
  });

  it('hands back the state an append of its own left without asking the log, until the stream is dropped', async () => {
    const cache = new StreamStateCache<number[]>(fold, () => [], 10);
    expect(cache.last('day-1')).toBeNull();
    await store.append('day-1', [event(1)], 'no_stream');
    await cache.read(counting, 'day-1');
    await store.append('day-1', [event(2)], 0);
    cache.appended('day-1', [1, 2], 2);
    expect(cache.last('day-1')).toEqual({ state: [1, 2], length: 2 });
    // A shorter fold never replaces a longer one.
    cache.appended('day-1', [1], 1);
    expect(cache.last('day-1')).toEqual({ state: [1, 2], length: 2 });
    cache.drop('day-1');
    expect(cache.last('day-1')).toBeNull();
    expect(await cache.read(counting, 'day-1')).toEqual({ state: [1, 2], length: 2 });
    expect(asked).toEqual([0, 0]);
  });
});
