import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPostgresEventStore } from '@nightlight/infrastructure/event-store/postgres-event-store';
import type { EventStore, NewEvent, RecordedEvent } from '@nightlight/infrastructure/ports/event-store';
import { describeOnPostgres } from './reachability';

/**
 * The trap of an event log in a SQL table: transactions commit in another order than their
 * positions, so a reader that trusts the order of positions alone passes an event that is still
 * being written and never comes back for it. The log on PostgreSQL reads only below the oldest
 * transaction still running; a naive reader (the same table, without that bound) shows what it
 * would lose.
 */
const WRITERS = 20;
const EVENTS = 10_000;

function newEvent(index: number): NewEvent {
  return { id: randomUUID(), type: 'FeedingLogged', data: { index }, metadata: { correlationId: randomUUID(), causationId: randomUUID(), schemaVersion: 1, recordedAt: new Date().toISOString() } };
}

/** Follows the log by position alone, as a reader of a plain sequence would. */
function naiveReader(client: pg.Client) {
  let after = 0;
  const seen: number[] = [];
  return {
    seen,
    async read() {
      const { rows } = await client.query<{ position: string }>('SELECT position FROM event_log.events WHERE position > $1 ORDER BY position', [after]);
      for (const row of rows) seen.push(Number(row.position));
      if (rows.length > 0) after = Number(rows[rows.length - 1]!.position);
    },
  };
}

describeOnPostgres('the event log on PostgreSQL under concurrent writers', (database) => {
  let store: EventStore;
  let client: pg.Client;
  const stores: EventStore[] = [];

  beforeAll(async () => {
    store = createPostgresEventStore({ connectionString: database.url() });
    await store.headPosition();
    client = new pg.Client({ connectionString: database.url() });
    await client.connect();
  });
  afterAll(async () => {
    await Promise.all([store, ...stores].map((each) => each.close()));
    await client?.end();
  });

  it('holds back an event committed after one still being written, then delivers both in order; a naive reader loses the first', async () => {
    const start = await store.headPosition();
    const naive = naiveReader(client);
    await naive.read();
    const delivered: RecordedEvent[] = [];
    const subscription = store.subscribeToAll({ fromPosition: start, onEvent: (event) => void delivered.push(event) });
    await subscription.caughtUp;

    // A writer that has appended and not yet committed: its transaction began first.
    const slow = new pg.Client({ connectionString: database.url() });
    await slow.connect();
    const held = newEvent(0);
    await slow.query('BEGIN');
    const { rows } = await slow.query<{ last_position: string }>('SELECT * FROM event_log.append($1, -1, $2, $3, $4, $5)', [
      `feeding-${randomUUID()}`,
      [held.id],
      [held.type],
      [JSON.stringify(held.data)],
      [JSON.stringify(held.metadata)],
    ]);
    const heldPosition = Number(rows[0]!.last_position);
    const later = await store.append(`feeding-${randomUUID()}`, [newEvent(1)], 'no_stream');
    expect(later.position).toBeGreaterThan(heldPosition);

    await naive.read();
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The later event is committed, but the subscriber waits for the one still being written.
    expect(delivered).toEqual([]);
    expect(naive.seen).toEqual([later.position]);
    // The head is what was answered, at once: a write's reader waits for the subscriber to get there.
    expect(await store.headPosition()).toBe(later.position);

    await slow.query('COMMIT');
    await slow.end();
    await expect.poll(() => delivered.map((event) => event.position)).toEqual([heldPosition, later.position]);
    await naive.read();
    await subscription.stop();
    // The naive reader has passed the held event's position and will never read it.
    expect(naive.seen).toEqual([later.position]);
  });

  it(`delivers each of ${EVENTS} events from ${WRITERS} concurrent writers exactly once, in position order, while following them`, async () => {
    const start = await store.headPosition();
    const delivered: RecordedEvent[] = [];
    const subscription = store.subscribeToAll({ fromPosition: start, onEvent: (event) => void delivered.push(event) });
    await subscription.caughtUp;
    const naive = naiveReader(client);
    // The naive reader starts where the subscriber does.
    await naive.read();
    naive.seen.length = 0;

    // Each writer with a connection of its own, as separate command-api processes would have.
    const writers = Array.from({ length: WRITERS }, (_, writer) => createPostgresEventStore({ connectionString: `${database.url()}?application_name=writer-${writer}` }));
    stores.push(...writers);
    const appended: number[] = [];
    let writing = true;
    const naiveFollowing = (async () => {
      while (writing) await naive.read();
    })();
    const started = performance.now();
    await Promise.all(
      writers.map(async (writer, w) => {
        for (let i = w; i < EVENTS; i += WRITERS) {
          // A few shared streams too, so writers also wait for each other on one stream.
          const stream = i % 10 === 0 ? `child-shared-${i % 3}` : `feeding-${randomUUID()}`;
          appended.push((await writer.append(stream, [newEvent(i)], 'any')).position);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    writing = false;
    await naiveFollowing;
    await naive.read();
    await expect.poll(() => delivered.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(EVENTS);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await subscription.stop();

    const positions = delivered.map((event) => event.position);
    expect(positions).toHaveLength(EVENTS);
    expect(new Set(positions).size).toBe(EVENTS);
    expect(positions.every((position, i) => i === 0 || position > positions[i - 1]!)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual([...appended].sort((a, b) => a - b));
    expect(new Set(delivered.map((event) => (event.data as { index: number }).index)).size).toBe(EVENTS);

    const missed = EVENTS - naive.seen.length;
    console.log(`event log gaps: ${EVENTS} appends by ${WRITERS} writers in ${seconds.toFixed(1)} s; the subscriber got all ${positions.length}, a reader by position alone missed ${missed}`);
    expect(missed, 'commits out of position order happened, and a reader by position alone lost events').toBeGreaterThan(0);
  }, 120_000);
});
