import {
  EventStoreUnavailableError,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
  type Subscription,
} from '../ports/event-store';
import { isPostgresUnavailable } from '../ports/storage-unavailable';
import { changeSchema, once, prepared, sharedPool } from '../postgres/postgres-pool';
import { startPollingSubscription, type PollingSource } from './polling-subscription';

export interface PostgresEventStoreOptions {
  connectionString: string;
  /** How often subscribers look for events appended by other processes (appends in this one wake them at once). */
  pollIntervalMs?: number;
}

/**
 * Positions are `transaction id × 4096 + the event's place in its append`: one append is one
 * transaction, so an append holds at most this many events, and positions follow transaction ids.
 */
const EVENTS_PER_APPEND = 4096;

/*
 * Why positions follow transaction ids, and why a reader stops below the oldest transaction still
 * running (docs/decisions.md, "The event log and read models on PostgreSQL"): transactions commit
 * in another order than the one they began in, so a position taken from a sequence can become
 * visible after a larger one a reader has already passed, and the reader would never see it. A
 * transaction's id is given before it writes; every transaction that has not finished when a
 * reader looks has an id of at least the snapshot's xmin, and every later one a larger id. Reading
 * only positions below xmin × 4096, a reader has seen everything that will ever sit below where it
 * stopped.
 */
const VISIBLE = 'position < pg_snapshot_xmin(pg_current_snapshot())::text::bigint * 4096';

const SCHEMA = `
  CREATE SCHEMA IF NOT EXISTS event_log;
  CREATE TABLE IF NOT EXISTS event_log.events (
    position bigint PRIMARY KEY,
    stream_id text COLLATE "C" NOT NULL,
    revision integer NOT NULL,
    id text COLLATE "C" NOT NULL UNIQUE,
    type text NOT NULL,
    -- json, not jsonb: an event is kept as it was written, keys in their order.
    data json NOT NULL,
    metadata json NOT NULL,
    UNIQUE (stream_id, revision)
  );
  -- One statement per append, so it is one transaction and one round trip. Appends to one stream
  -- take turns (a lock held until the commit), so the revision read here is still the stream's when
  -- the events are written, 'any' never collides, and within a stream positions follow revisions.
  -- p_expected: -1 no stream yet, -2 any revision, else the stream's current revision.
  CREATE OR REPLACE FUNCTION event_log.append(p_stream text, p_expected integer, p_ids text[], p_types text[], p_data text[], p_metadata text[])
  RETURNS TABLE (outcome text, revision integer, last_position bigint)
  LANGUAGE plpgsql AS $$
  DECLARE
    v_current integer;
    v_count integer := cardinality(p_ids);
    v_base bigint;
  BEGIN
    PERFORM pg_advisory_xact_lock(hashtextextended(p_stream, 0));
    SELECT max(e.revision) INTO v_current FROM event_log.events e WHERE e.stream_id = p_stream;
    IF (p_expected = -1 AND v_current IS NOT NULL) OR (p_expected >= 0 AND v_current IS DISTINCT FROM p_expected) THEN
      RETURN QUERY SELECT 'conflict'::text, v_current, NULL::bigint;
      RETURN;
    END IF;
    IF EXISTS (SELECT 1 FROM event_log.events e WHERE e.id = ANY (p_ids)) THEN
      RETURN QUERY SELECT 'stored'::text, v_current, NULL::bigint;
      RETURN;
    END IF;
    -- The transaction's id is given here, after the wait for the stream: a transaction waiting
    -- there holds no reader back.
    v_base := pg_current_xact_id()::text::bigint * 4096;
    INSERT INTO event_log.events (position, stream_id, revision, id, type, data, metadata)
    SELECT v_base + i - 1, p_stream, coalesce(v_current, -1) + i, p_ids[i], p_types[i], p_data[i]::json, p_metadata[i]::json
    FROM generate_series(1, v_count) AS i;
    RETURN QUERY SELECT 'ok'::text, coalesce(v_current, -1) + v_count, v_base + v_count - 1;
  END $$;
`;

const COLUMNS = 'position, stream_id, revision, id, type, data, metadata';
const UNIQUE_VIOLATION = '23505';
const READ_PAGE_SIZE = 500;
const RETRY_FIRST_MS = 100;
const RETRY_LONGEST_MS = 2000;

interface EventRow {
  position: string;
  stream_id: string;
  revision: number;
  id: string;
  type: string;
  data: unknown;
  metadata: RecordedEvent['metadata'];
}

function toRecorded(row: EventRow): RecordedEvent {
  return { id: row.id, type: row.type, data: row.data, metadata: row.metadata, streamId: row.stream_id, revision: row.revision, position: Number(row.position) };
}

function expectedCode(expected: ExpectedRevision): number {
  if (expected === 'no_stream') return -1;
  if (expected === 'any') return -2;
  return expected;
}

/**
 * The event log on PostgreSQL, for the services of the full stack on as many machines as needed:
 * appends from any number of processes at once, a subscription that never skips an event (see
 * VISIBLE), and the same stream semantics as the embedded SQLite log.
 */
export function createPostgresEventStore(options: PostgresEventStoreOptions): EventStore {
  const { pool, release } = sharedPool(options.connectionString);
  const pollIntervalMs = options.pollIntervalMs ?? 25;
  const ready = once(() => changeSchema(pool, SCHEMA));
  const wakers = new Set<() => void>();
  const subscriptions = new Set<Subscription>();
  let closed = false;

  /** A retried append whose events are already stored, at the place it expected, is answered again. */
  const alreadyAppended = async (streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult | undefined> => {
    const { rows } = await pool.query<Pick<EventRow, 'id' | 'stream_id' | 'revision' | 'position'>>(
      prepared('SELECT id, stream_id, revision, position FROM event_log.events WHERE id = ANY ($1)', [events.map((event) => event.id)]),
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    const stored = events.map((event) => byId.get(event.id));
    const first = expected === 'any' ? stored[0]?.revision : expected === 'no_stream' ? 0 : expected + 1;
    const inPlace = stored.every((row, index) => row?.stream_id === streamId && row.revision === first! + index);
    const last = stored[stored.length - 1];
    return inPlace && last ? { nextRevision: last.revision, position: Number(last.position) } : undefined;
  };

  const append = async (streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> => {
    await ready();
    let outcome: { outcome: string; revision: number | null; last_position: string | null };
    try {
      const { rows } = await pool.query<typeof outcome>(
        prepared('SELECT * FROM event_log.append($1, $2, $3, $4, $5, $6)', [
          streamId,
          expectedCode(expected),
          events.map((event) => event.id),
          events.map((event) => event.type),
          events.map((event) => JSON.stringify(event.data)),
          events.map((event) => JSON.stringify(event.metadata)),
        ]),
      );
      outcome = rows[0]!;
    } catch (error) {
      // An id taken by an append to another stream at the same moment: the check below tells a retry.
      if ((error as { code?: unknown }).code !== UNIQUE_VIOLATION) throw error;
      outcome = { outcome: 'stored', revision: null, last_position: null };
    }
    if (outcome.outcome === 'ok') return { nextRevision: outcome.revision!, position: Number(outcome.last_position) };
    const retried = await alreadyAppended(streamId, events, expected);
    if (retried) return retried;
    if (outcome.outcome === 'stored') throw new Error(`An event of this append to ${streamId} is already stored elsewhere`);
    throw new WrongExpectedRevisionError(streamId, expected, outcome.revision ?? 'no_stream');
  };

  /** A read a subscriber must not lose to an outage: tried again, with growing pauses, until the server answers or the store closes. */
  const patiently = async <T>(read: () => Promise<T>): Promise<T> => {
    for (let pause = RETRY_FIRST_MS; ; pause = Math.min(pause * 2, RETRY_LONGEST_MS)) {
      try {
        await ready();
        return await read();
      } catch (error) {
        if (closed || !isPostgresUnavailable(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    }
  };

  const readPage = async (after: number, limit: number): Promise<RecordedEvent[]> => {
    const { rows } = await pool.query<EventRow>(prepared(`SELECT ${COLUMNS} FROM event_log.events WHERE position > $1 AND ${VISIBLE} ORDER BY position LIMIT $2`, [after, limit]));
    return rows.map(toRecorded);
  };

  const source: PollingSource = {
    readPage: (after, limit) => patiently(() => readPage(after, limit)),
    waitForAppend(ms) {
      let timer: NodeJS.Timeout | undefined;
      let wake!: () => void;
      const promise = new Promise<void>((resolve) => {
        wake = () => {
          clearTimeout(timer);
          wakers.delete(wake);
          resolve();
        };
        wakers.add(wake);
        timer = setTimeout(wake, ms);
      });
      return { promise, cancel: wake };
    },
  };

  return {
    async append(streamId, events, expectedRevision) {
      if (closed) throw new EventStoreUnavailableError('Event store is closed');
      if (events.length === 0) throw new Error('An append needs at least one event');
      if (events.length > EVENTS_PER_APPEND) throw new Error(`An append holds at most ${EVENTS_PER_APPEND} events`);
      try {
        return await append(streamId, events, expectedRevision);
      } catch (error) {
        if (isPostgresUnavailable(error)) throw new EventStoreUnavailableError('The event log on PostgreSQL cannot take writes', { cause: error });
        throw error;
      } finally {
        for (const wake of [...wakers]) wake();
      }
    },

    async readStream(streamId, fromRevision = 0) {
      await ready();
      const { rows } = await pool.query<EventRow>(prepared(`SELECT ${COLUMNS} FROM event_log.events WHERE stream_id = $1 AND revision >= $2 ORDER BY revision`, [streamId, fromRevision]));
      return rows.map(toRecorded);
    },

    async readStreams(streamIds) {
      await ready();
      const { rows } = await pool.query<EventRow>(prepared(`SELECT ${COLUMNS} FROM event_log.events WHERE stream_id = ANY($1::text[]) ORDER BY stream_id, revision`, [streamIds]));
      const streams = new Map<string, RecordedEvent[]>();
      for (const event of rows.map(toRecorded)) {
        const stream = streams.get(event.streamId);
        if (stream) stream.push(event);
        else streams.set(event.streamId, [event]);
      }
      return streams;
    },

    async *readAll({ fromPosition, maxCount = Number.POSITIVE_INFINITY }) {
      await ready();
      let position = fromPosition;
      let remaining = maxCount;
      while (remaining > 0) {
        const page = await readPage(position, Math.min(READ_PAGE_SIZE, remaining));
        for (const event of page) {
          position = event.position;
          yield event;
        }
        if (page.length < READ_PAGE_SIZE) return;
        remaining -= page.length;
      }
    },

    subscribeToAll(subscribeOptions) {
      const subscription = startPollingSubscription(source, subscribeOptions, pollIntervalMs);
      subscriptions.add(subscription);
      void subscription.done.then(() => subscriptions.delete(subscription));
      return subscription;
    },

    async headPosition() {
      await ready();
      // Every committed event, also those a subscriber is not given yet: a write that was answered is in the head at once.
      const { rows } = await pool.query<{ position: string | null }>(prepared('SELECT max(position) AS position FROM event_log.events'));
      return Number(rows[0]?.position ?? 0);
    },

    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      await release();
    },
  };
}
