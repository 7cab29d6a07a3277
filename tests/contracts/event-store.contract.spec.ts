import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEsdbEventStore } from '@nightlight/infrastructure/event-store/esdb-event-store';
import { createPostgresEventStore } from '@nightlight/infrastructure/event-store/postgres-event-store';
import { createSqliteEventStore } from '@nightlight/infrastructure/event-store/sqlite-event-store';
import {
  EventStoreUnavailableError,
  WrongExpectedRevisionError,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
} from '@nightlight/infrastructure/ports/event-store';
import { postgresDatabase, reachableUrl } from './reachability';

interface EventStoreTarget {
  name: string;
  /** Prepares storage for one test; every store it opens shares that storage. */
  prepare(): {
    open(): EventStore;
    /** A store on the same storage that cannot take writes. */
    openUnavailable(): EventStore;
    cleanup(): void;
  };
}

function newEvent(type: string, data: Record<string, unknown> = {}): NewEvent {
  return {
    id: randomUUID(),
    type,
    data,
    metadata: {
      userId: randomUUID(),
      correlationId: randomUUID(),
      causationId: randomUUID(),
      schemaVersion: 1,
      recordedAt: new Date().toISOString(),
    },
  };
}

async function collect(iterable: AsyncIterable<RecordedEvent>, streams: readonly string[]): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for await (const event of iterable) if (streams.includes(event.streamId)) events.push(event);
  return events;
}

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for the condition');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function eventStoreContract(target: EventStoreTarget): void {
  describe(`event store contract on ${target.name}`, () => {
    let storage: ReturnType<EventStoreTarget['prepare']>;
    let opened: EventStore[];
    let store: EventStore;
    const open = () => {
      const opening = storage.open();
      opened.push(opening);
      return opening;
    };

    beforeEach(() => {
      storage = target.prepare();
      opened = [];
      store = open();
    });

    afterEach(async () => {
      await Promise.all(opened.map((each) => each.close()));
      storage.cleanup();
    });

    it('reads back an appended stream with its data and metadata, in revision order', async () => {
      const stream = `feeding-${randomUUID()}`;
      const events = [newEvent('FeedingLogged', { amountMl: 120, side: null }), newEvent('FeedingCorrected', { amountMl: 90 })];

      const result = await store.append(stream, events, 'no_stream');
      const read = await store.readStream(stream);

      expect(result.nextRevision).toBe(1);
      expect(read.map(({ id, type, data, metadata, streamId, revision }) => ({ id, type, data, metadata, streamId, revision }))).toEqual(
        events.map((event, revision) => ({ ...event, streamId: stream, revision })),
      );
      expect(read[0]!.position).toBeLessThan(read[1]!.position);
      expect(read[1]!.position).toBe(result.position);
      expect(await store.readStream(`feeding-${randomUUID()}`)).toEqual([]);
    });

    it('reads a stream from a revision on: only the events a folded state has not seen yet', async () => {
      const stream = `slots-${randomUUID()}`;
      await store.append(stream, [newEvent('A', { n: 0 }), newEvent('B', { n: 1 }), newEvent('C', { n: 2 })], 'no_stream');

      expect((await store.readStream(stream, 1)).map((event) => [event.revision, event.type])).toEqual([
        [1, 'B'],
        [2, 'C'],
      ]);
      expect(await store.readStream(stream, 3)).toEqual([]);
      expect((await store.readStream(stream, 0)).map((event) => event.revision)).toEqual([0, 1, 2]);
      expect(await store.readStream(`slots-${randomUUID()}`, 2)).toEqual([]);
    });

    it('reads several streams at once, each in revision order, leaving out those that do not exist', async () => {
      const [first, second, absent] = [`sleep-${randomUUID()}`, `growth-${randomUUID()}`, `sleep-${randomUUID()}`];
      await store.append(first, [newEvent('SleepLogged', { n: 0 })], 'no_stream');
      await store.append(second, [newEvent('GrowthMeasured', { n: 0 })], 'no_stream');
      await store.append(first, [newEvent('SleepCorrected', { n: 1 })], 0);

      const read = await store.readStreams([absent, second, first, first]);
      expect([...read.keys()].sort()).toEqual([first, second].sort());
      expect(read.get(first)!.map(({ streamId, revision, type }) => [streamId, revision, type])).toEqual([
        [first, 0, 'SleepLogged'],
        [first, 1, 'SleepCorrected'],
      ]);
      expect(read.get(second)).toEqual(await store.readStream(second));
      expect(await store.readStreams([])).toEqual(new Map());
    });

    it('checks the expected revision: no_stream, an exact revision, or any', async () => {
      const stream = `child-${randomUUID()}`;
      await store.append(stream, [newEvent('ChildRegistered')], 'no_stream');

      const conflict = store.append(stream, [newEvent('ChildRegistered')], 'no_stream');
      await expect(conflict).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await expect(conflict).rejects.toMatchObject({ streamId: stream, expected: 'no_stream', actual: 0 });
      await expect(store.append(stream, [newEvent('ChildProfileUpdated')], 3)).rejects.toMatchObject({ actual: 0 });
      await expect(store.append(`child-${randomUUID()}`, [newEvent('ChildProfileUpdated')], 0)).rejects.toMatchObject({
        actual: 'no_stream',
      });

      expect((await store.append(stream, [newEvent('ChildProfileUpdated')], 0)).nextRevision).toBe(1);
      await expect(store.append(stream, [newEvent('ChildProfileUpdated')], 0)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      expect((await store.append(stream, [newEvent('ChildProfileUpdated')], 'any')).nextRevision).toBe(2);
      expect(await store.readStream(stream)).toHaveLength(3);
    });

    it('answers a retried append of the same events at the same revision without storing them twice', async () => {
      const stream = `sleep-${randomUUID()}`;
      const events = [newEvent('SleepLogged')];
      const first = await store.append(stream, events, 'no_stream');

      const retried = await store.append(stream, events, 'no_stream');

      expect(retried.nextRevision).toBe(first.nextRevision);
      expect(await store.readStream(stream)).toHaveLength(1);
    });

    it('lets exactly one of 50 concurrent appends with the same expected revision win', async () => {
      const stream = `user-${randomUUID()}`;
      await store.append(stream, [newEvent('UserRegistered')], 'no_stream');

      const outcomes = await Promise.allSettled(
        Array.from({ length: 50 }, () => store.append(stream, [newEvent('ChildRegistered')], 0)),
      );

      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      const failures = outcomes.filter((outcome) => outcome.status === 'rejected');
      expect(failures).toHaveLength(49);
      for (const failure of failures) expect(failure.reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect(await store.readStream(stream)).toHaveLength(2);
    });

    it('gives 50 concurrent appends with expected revision any distinct revisions 0..49', async () => {
      const stream = `feeding-${randomUUID()}`;

      const results = await Promise.all(Array.from({ length: 50 }, () => store.append(stream, [newEvent('FeedingLogged')], 'any')));

      expect(results.map((result) => result.nextRevision).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i));
      expect((await store.readStream(stream)).map((event) => event.revision)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    });

    it('orders $all by strictly increasing positions that follow the append order across streams', async () => {
      const streams = [`feeding-${randomUUID()}`, `sleep-${randomUUID()}`];
      const start = await store.headPosition();
      const appended: Array<{ id: string; position: number }> = [];
      for (let i = 0; i < 6; i += 1) {
        const event = newEvent('Logged', { i });
        const { position } = await store.append(streams[i % 2]!, [event], 'any');
        appended.push({ id: event.id, position });
      }

      const all = await collect(store.readAll({ fromPosition: start }), streams);

      expect(all.map(({ id, position }) => ({ id, position }))).toEqual(appended);
      for (let i = 1; i < all.length; i += 1) expect(all[i]!.position).toBeGreaterThan(all[i - 1]!.position);
      expect(await store.headPosition()).toBe(appended[5]!.position);
    });

    it('reads $all from a position exclusively and honours maxCount', async () => {
      const stream = `feeding-${randomUUID()}`;
      await store.append(stream, [newEvent('A'), newEvent('B'), newEvent('C')], 'no_stream');
      const [first] = await store.readStream(stream);

      const after = await collect(store.readAll({ fromPosition: first!.position }), [stream]);
      const one = await collect(store.readAll({ fromPosition: first!.position, maxCount: 1 }), [stream]);

      expect(after.map((event) => event.type)).toEqual(['B', 'C']);
      expect(one.map((event) => event.type)).toEqual(['B']);
    });

    it('delivers every event after a checkpoint once, in order, then live ones, one handler at a time', async () => {
      const stream = `child-${randomUUID()}`;
      await store.append(stream, [newEvent('E0'), newEvent('E1'), newEvent('E2')], 'no_stream');
      const [checkpoint] = await store.readStream(stream);
      const received: string[] = [];
      let inFlight = 0;
      let maxInFlight = 0;
      let caughtUpCalls = 0;

      const subscription = store.subscribeToAll({
        fromPosition: checkpoint!.position,
        onEvent: async (event) => {
          if (event.streamId !== stream) return;
          inFlight += 1;
          maxInFlight = Math.max(maxInFlight, inFlight);
          await new Promise((resolve) => setTimeout(resolve, 5));
          received.push(event.type);
          inFlight -= 1;
        },
        onCaughtUp: () => {
          caughtUpCalls += 1;
        },
      });
      await subscription.caughtUp;
      expect(received).toEqual(['E1', 'E2']);

      await store.append(stream, [newEvent('E3')], 2);
      await store.append(stream, [newEvent('E4')], 3);
      await waitFor(() => received.length >= 4);
      // Room for a duplicate delivery to show up before the subscription stops.
      await new Promise((resolve) => setTimeout(resolve, 150));
      await subscription.stop();

      expect(received).toEqual(['E1', 'E2', 'E3', 'E4']);
      expect(maxInFlight).toBe(1);
      expect(caughtUpCalls).toBe(1);
    });

    it('lets a subscriber on another connection to the same storage see new events', async () => {
      const stream = `sleep-${randomUUID()}`;
      const other = open();
      const seen: string[] = [];
      const subscription = other.subscribeToAll({
        fromPosition: await other.headPosition(),
        onEvent: (event) => {
          if (event.streamId === stream) seen.push(event.id);
        },
      });
      await subscription.caughtUp;

      const event = newEvent('SleepLogged');
      await store.append(stream, [event], 'no_stream');
      await waitFor(() => seen.length === 1);
      await subscription.stop();

      expect(seen).toEqual([event.id]);
    });

    it('fails appends with EventStoreUnavailableError when the storage cannot take writes', async () => {
      await store.append(`user-${randomUUID()}`, [newEvent('UserRegistered')], 'no_stream');
      const append = async () => {
        const unavailable = storage.openUnavailable();
        opened.push(unavailable);
        await unavailable.append(`user-${randomUUID()}`, [newEvent('UserRegistered')], 'no_stream');
      };

      await expect(append()).rejects.toBeInstanceOf(EventStoreUnavailableError);
    });
  });
}

eventStoreContract({
  name: 'SQLite',
  prepare() {
    const directory = mkdtempSync(join(tmpdir(), 'nightlight-events-'));
    const file = join(directory, 'events.sqlite');
    return {
      open: () => createSqliteEventStore({ file }),
      openUnavailable: () => createSqliteEventStore({ file, readonly: true }),
      cleanup: () => rmSync(directory, { recursive: true, force: true }),
    };
  },
});

const esdbUrl = reachableUrl('esdb', 'event-store contract on EventStoreDB');
if (esdbUrl) {
  eventStoreContract({
    name: 'EventStoreDB',
    prepare: () => ({
      open: () => createEsdbEventStore({ connectionString: esdbUrl }),
      // Nothing listens on port 1, so the client cannot reach a server.
      openUnavailable: () => createEsdbEventStore({ connectionString: 'esdb://127.0.0.1:1?tls=false' }),
      cleanup: () => undefined,
    }),
  });
}

const postgres = postgresDatabase('event-store contract on PostgreSQL');
if (postgres) {
  eventStoreContract({
    name: 'PostgreSQL',
    prepare: () => ({
      open: () => createPostgresEventStore({ connectionString: postgres.url() }),
      // Nothing listens on port 1, so the client cannot reach a server.
      openUnavailable: () => createPostgresEventStore({ connectionString: 'postgres://postgres@127.0.0.1:1/nightlight' }),
      cleanup: () => undefined,
    }),
  });
}
