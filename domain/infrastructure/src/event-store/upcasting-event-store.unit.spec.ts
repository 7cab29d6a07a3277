import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { upcastEvent, type EventRegistry } from '@nightlight/domain/events/event-registry';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAdapters } from '../composition/adapters';
import { loadConfig } from '../config/app-config';
import type { EventStore, NewEvent, RecordedEvent } from '../ports/event-store';
import { createSqliteEventStore } from './sqlite-event-store';
import { createUpcastingEventStore } from './upcasting-event-store';

// Version 0 kept the amount in a field called `oz`; version 1 calls it `amountOz`.
const testRegistry: EventRegistry = {
  BottleGiven: {
    version: 1,
    schema: z.strictObject({ bottleId: z.string(), amountOz: z.number() }),
    upcasters: {
      0: (data) => {
        const { oz, ...rest } = data as { oz: number; bottleId: string };
        return { ...rest, amountOz: oz };
      },
    },
  },
};

function recordedUnder(schemaVersion: number, type: string, data: unknown): NewEvent {
  return { id: randomUUID(), type, data, metadata: { correlationId: 'k1', causationId: 'k1', schemaVersion, recordedAt: '2026-11-20T14:00:00.000Z' } };
}

const view = (event: RecordedEvent) => ({ type: event.type, data: event.data, schemaVersion: event.metadata.schemaVersion, position: event.position });

describe('the upcasting event store', () => {
  let directory: string;
  let raw: EventStore;
  let store: EventStore;

  beforeEach(async () => {
    directory = mkdtempSync(join(tmpdir(), 'nightlight-upcasting-'));
    raw = createSqliteEventStore({ file: join(directory, 'events.sqlite') });
    store = createUpcastingEventStore(raw, (event) => upcastEvent(event, testRegistry));
    await raw.append('bottle-b1', [recordedUnder(0, 'BottleGiven', { bottleId: 'b1', oz: 4 })], 'no_stream');
    await store.append('bottle-b1', [recordedUnder(1, 'BottleGiven', { bottleId: 'b1', amountOz: 3 })], 0);
  });

  afterEach(async () => {
    await store.close();
    rmSync(directory, { recursive: true, force: true });
  });

  const expected = [
    { type: 'BottleGiven', data: { bottleId: 'b1', amountOz: 4 }, schemaVersion: 1, position: 1 },
    { type: 'BottleGiven', data: { bottleId: 'b1', amountOz: 3 }, schemaVersion: 1, position: 2 },
  ];

  it('reads a stream at the current version', async () => {
    expect((await store.readStream('bottle-b1')).map(view)).toEqual(expected);
  });

  it('reads several streams at once at the current version', async () => {
    expect([...(await store.readStreams(['bottle-b1', 'bottle-none']))].map(([streamId, events]) => [streamId, events.map(view)])).toEqual([['bottle-b1', expected]]);
  });

  it('reads the whole log at the current version', async () => {
    const read: RecordedEvent[] = [];
    for await (const event of store.readAll({ fromPosition: 0 })) read.push(event);
    expect(read.map(view)).toEqual(expected);
  });

  it('delivers subscribed events at the current version, old and live alike', async () => {
    const delivered: RecordedEvent[] = [];
    const subscription = store.subscribeToAll({ fromPosition: 0, onEvent: (event) => void delivered.push(event) });
    await subscription.caughtUp;
    await store.append('bottle-b2', [recordedUnder(0, 'BottleGiven', { bottleId: 'b2', oz: 2 })], 'no_stream');
    await expect.poll(() => delivered.length).toBe(3);
    await subscription.stop();

    expect(delivered.map(view)).toEqual([...expected, { type: 'BottleGiven', data: { bottleId: 'b2', amountOz: 2 }, schemaVersion: 1, position: 3 }]);
  });

  it('never rewrites what was recorded', async () => {
    await store.readStream('bottle-b1');
    expect((await raw.readStream('bottle-b1')).map(view)).toEqual([
      { type: 'BottleGiven', data: { bottleId: 'b1', oz: 4 }, schemaVersion: 0, position: 1 },
      { type: 'BottleGiven', data: { bottleId: 'b1', amountOz: 3 }, schemaVersion: 1, position: 2 },
    ]);
  });

  it('passes the head position through', async () => {
    expect(await store.headPosition()).toBe(2);
  });
});

describe('createAdapters', () => {
  let directory: string;

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'nightlight-adapters-'));
  });

  afterEach(() => {
    rmSync(directory, { recursive: true, force: true });
  });

  it('reads through the production registry: an event recorded under a version it cannot lift fails loudly', async () => {
    const adapters = await createAdapters(loadConfig({ DATA_DIR: directory }));
    try {
      await adapters.eventStore.append('child-c1', [recordedUnder(0, 'ChildRemoved', { childId: 'c1', ownerId: 'u1' })], 'no_stream');
      await adapters.eventStore.append('child-c2', [recordedUnder(1, 'ChildRemoved', { childId: 'c2', ownerId: 'u1' })], 'no_stream');

      await expect(adapters.eventStore.readStream('child-c1')).rejects.toThrow('Event ChildRemoved recorded as version 0 cannot be read: no upcaster from version 0 to 1');
      expect((await adapters.eventStore.readStream('child-c2')).map(view)).toEqual([
        { type: 'ChildRemoved', data: { childId: 'c2', ownerId: 'u1' }, schemaVersion: 1, position: 2 },
      ]);
    } finally {
      await adapters.close();
    }
  });
});
