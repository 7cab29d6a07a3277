import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WrongExpectedRevisionError, type EventStore, type NewEvent } from '../ports/event-store';
import { createSqliteEventStore } from './sqlite-event-store';

function newEvent(type = 'FeedingLogged'): NewEvent {
  return {
    id: randomUUID(),
    type,
    data: { amountMl: 100 },
    metadata: { correlationId: randomUUID(), causationId: randomUUID(), schemaVersion: 1, recordedAt: '2024-05-01T06:00:00.000Z' },
  };
}

describe('SQLite event store', () => {
  let directory: string;
  let file: string;
  let store: EventStore;

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'nightlight-sqlite-unit-'));
    file = join(directory, 'events.sqlite');
    store = createSqliteEventStore({ file });
  });

  afterEach(async () => {
    await store.close();
    rmSync(directory, { recursive: true, force: true });
  });

  const walBytes = () => statSync(`${file}-wal`).size;

  it('writes the appends of one event-loop turn in one transaction', async () => {
    await store.append('warm-up', [newEvent()], 'any');
    const before = walBytes();
    await Promise.all(Array.from({ length: 200 }, () => store.append(`feeding-${randomUUID()}`, [newEvent()], 'no_stream')));
    const grouped = walBytes() - before;

    const beforeSequential = walBytes();
    for (let i = 0; i < 20; i += 1) await store.append(`feeding-${randomUUID()}`, [newEvent()], 'no_stream');
    const sequential = walBytes() - beforeSequential;

    // Every commit rewrites the pages it touched, so 20 commits outweigh one commit of 200 appends.
    expect(grouped).toBeLessThan(sequential);
  });

  it('lets appends queued in the same turn see each other, and isolates the one that conflicts', async () => {
    const stream = `child-${randomUUID()}`;

    const outcomes = await Promise.allSettled([
      store.append(stream, [newEvent('ChildRegistered')], 'no_stream'),
      store.append(stream, [newEvent('ChildProfileUpdated')], 0),
      store.append(stream, [newEvent('ChildProfileUpdated')], 0),
      store.append(`user-${randomUUID()}`, [newEvent('UserRegistered')], 'no_stream'),
    ]);

    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[2] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
    expect((await store.readStream(stream)).map((event) => event.type)).toEqual(['ChildRegistered', 'ChildProfileUpdated']);
  });

  it('reads and catches up across many pages in position order', async () => {
    const stream = `sleep-${randomUUID()}`;
    const events = Array.from({ length: 1_200 }, () => newEvent('SleepLogged'));
    await store.append(stream, events, 'no_stream');

    const read: string[] = [];
    for await (const event of store.readAll({ fromPosition: 0 })) read.push(event.id);
    const limited: string[] = [];
    for await (const event of store.readAll({ fromPosition: 0, maxCount: 700 })) limited.push(event.id);
    const delivered: string[] = [];
    const subscription = store.subscribeToAll({ fromPosition: 0, onEvent: (event) => void delivered.push(event.id) });
    await subscription.caughtUp;
    await subscription.stop();

    expect(read).toEqual(events.map((event) => event.id));
    expect(limited).toEqual(events.slice(0, 700).map((event) => event.id));
    expect(delivered).toEqual(events.map((event) => event.id));
  });

  it('lets other work run while it delivers a burst appended once it is live, not only while catching up', async () => {
    const delivered: number[] = [];
    const subscription = store.subscribeToAll({
      fromPosition: 0,
      onEvent: (event) => {
        delivered.push(event.position);
        // A handler with no I/O that takes its time, as a projection on the embedded read models does.
        for (const until = performance.now() + 0.05; performance.now() < until; );
      },
    });
    await subscription.caughtUp;
    await store.append(`sleep-${randomUUID()}`, Array.from({ length: 3_000 }, () => newEvent('SleepLogged')), 'no_stream');
    // Turns of the loop taken while the burst is delivered: other requests are answered in them.
    const deliveredAtTurns: number[] = [];
    while (delivered.length < 3_000) {
      await new Promise((resolve) => setImmediate(resolve));
      deliveredAtTurns.push(delivered.length);
    }
    await subscription.stop();
    expect(deliveredAtTurns.filter((count) => count > 0 && count < 3_000).length).toBeGreaterThan(10);
  });

  it('stops a subscription whose handler fails and reports the error', async () => {
    const stream = `feeding-${randomUUID()}`;
    await store.append(stream, [newEvent('A'), newEvent('B'), newEvent('C')], 'no_stream');
    const delivered: string[] = [];
    const failure = new Error('projection failed');
    let reported: unknown;

    const subscription = store.subscribeToAll({
      fromPosition: 0,
      onEvent: (event) => {
        delivered.push(event.type);
        if (event.type === 'B') throw failure;
      },
      onError: (error) => {
        reported = error;
      },
    });

    await expect(subscription.caughtUp).rejects.toBe(failure);
    await store.append(stream, [newEvent('D')], 2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(delivered).toEqual(['A', 'B']);
    expect(reported).toBe(failure);
  });

  it('writes appends still queued when it is closed', async () => {
    const stream = `feeding-${randomUUID()}`;
    const pending = store.append(stream, [newEvent()], 'no_stream');
    await store.close();
    await expect(pending).resolves.toMatchObject({ nextRevision: 0 });

    store = createSqliteEventStore({ file });
    expect(await store.readStream(stream)).toHaveLength(1);
  });
});
