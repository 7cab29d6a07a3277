import Database from 'better-sqlite3';
import {
  EventStoreUnavailableError,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type RecordedEvent,
  type Subscription,
} from '../ports/event-store';
import { startPollingSubscription, type PollingSource } from './polling-subscription';

export interface SqliteEventStoreOptions {
  file: string;
  /** Opens the file without write access; every append then fails as unavailable. */
  readonly?: boolean;
  /** How often subscribers look for events written by other processes. */
  pollIntervalMs?: number;
}

/** A row as an array (better-sqlite3's raw mode skips building an object per row): see EVENT_COLUMNS. */
type EventRow = [position: number, streamId: string, revision: number, id: string, type: string, data: string, metadata: string];
const EVENT_COLUMNS = 'position, stream_id, revision, id, type, data, metadata';

interface PendingAppend {
  streamId: string;
  events: readonly NewEvent[];
  expected: ExpectedRevision;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

const READ_PAGE_SIZE = 500;

// Errors that mean the storage itself cannot take writes, as opposed to a rejected append.
const UNAVAILABLE_CODES = ['SQLITE_FULL', 'SQLITE_READONLY', 'SQLITE_IOERR', 'SQLITE_CANTOPEN', 'SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_CORRUPT', 'SQLITE_NOTADB'];

function isUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && UNAVAILABLE_CODES.some((prefix) => code.startsWith(prefix));
}

function toRecorded([position, streamId, revision, id, type, data, metadata]: EventRow): RecordedEvent {
  return { id, type, data: JSON.parse(data) as unknown, metadata: JSON.parse(metadata) as RecordedEvent['metadata'], streamId, revision, position };
}

function openDatabase(options: SqliteEventStoreOptions): Database.Database {
  try {
    const db = new Database(options.file, { readonly: options.readonly ?? false });
    db.pragma('busy_timeout = 5000');
    if (options.readonly) return db;
    db.pragma('journal_mode = WAL');
    // FULL: an acknowledged append survives a power cut, not only a process crash.
    db.pragma('synchronous = FULL');
    db.exec(`
      CREATE TABLE IF NOT EXISTS events (
        position INTEGER PRIMARY KEY AUTOINCREMENT,
        stream_id TEXT NOT NULL,
        revision INTEGER NOT NULL,
        id TEXT NOT NULL UNIQUE,
        type TEXT NOT NULL,
        data TEXT NOT NULL,
        metadata TEXT NOT NULL,
        UNIQUE (stream_id, revision)
      )`);
    return db;
  } catch (error) {
    throw new EventStoreUnavailableError(`Cannot open event store ${options.file}`, { cause: error });
  }
}

/**
 * The embedded event store: one SQLite file in WAL mode. Appends requested during one turn of the
 * event loop are group-committed in a single transaction (one fsync), each under its own savepoint
 * so a conflict rejects only that append.
 */
export function createSqliteEventStore(options: SqliteEventStoreOptions): EventStore {
  const db = openDatabase(options);
  const pollIntervalMs = options.pollIntervalMs ?? 50;

  const currentRevision = db.prepare<[string], { revision: number }>(
    'SELECT revision FROM events WHERE stream_id = ? ORDER BY revision DESC LIMIT 1',
  );
  const insert = db.prepare('INSERT INTO events (stream_id, revision, id, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)');
  const byId = db.prepare<[string], { stream_id: string; revision: number; position: number }>(
    'SELECT stream_id, revision, position FROM events WHERE id = ?',
  );
  const streamRows = db.prepare<[string], EventRow>(`SELECT ${EVENT_COLUMNS} FROM events WHERE stream_id = ? ORDER BY revision`).raw(true);
  const pageRows = db.prepare<[number, number], EventRow>(`SELECT ${EVENT_COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ?`).raw(true);
  const head = db.prepare<[], { position: number | null }>('SELECT MAX(position) AS position FROM events');

  let closed = false;
  let queue: PendingAppend[] = [];
  let flushScheduled: Promise<void> | undefined;
  const wakers = new Set<() => void>();
  const subscriptions = new Set<Subscription>();

  /** A retried append whose events are already stored, at the place it expected, is answered again. */
  function alreadyAppended(append: PendingAppend): AppendResult | undefined {
    let last: { revision: number; position: number } | undefined;
    for (const [index, event] of append.events.entries()) {
      const row = byId.get(event.id);
      if (!row || row.stream_id !== append.streamId) return undefined;
      if (last && row.revision !== last.revision + 1) return undefined;
      if (index === 0 && append.expected !== 'any') {
        const expectedFirst = append.expected === 'no_stream' ? 0 : append.expected + 1;
        if (row.revision !== expectedFirst) return undefined;
      }
      last = row;
    }
    return last && { nextRevision: last.revision, position: last.position };
  }

  function writeOne(append: PendingAppend): AppendResult {
    const current = currentRevision.get(append.streamId)?.revision;
    const { expected } = append;
    const matches = expected === 'any' || (expected === 'no_stream' ? current === undefined : current === expected);
    if (!matches) {
      const retried = alreadyAppended(append);
      if (retried) return retried;
      throw new WrongExpectedRevisionError(append.streamId, expected, current ?? 'no_stream');
    }
    let revision = current ?? -1;
    let position = 0;
    for (const event of append.events) {
      revision += 1;
      const info = insert.run(
        append.streamId,
        revision,
        event.id,
        event.type,
        JSON.stringify(event.data),
        JSON.stringify(event.metadata),
      );
      position = Number(info.lastInsertRowid);
    }
    return { nextRevision: revision, position };
  }

  function rollbackQuietly(): void {
    try {
      if (db.inTransaction) db.exec('ROLLBACK');
    } catch {
      // SQLite may already have rolled back after an I/O error; the batch is rejected either way.
    }
  }

  function flush(): void {
    const batch = queue;
    queue = [];
    flushScheduled = undefined;
    const outcomes: Array<{ ok: true; result: AppendResult } | { ok: false; error: unknown }> = [];
    try {
      db.exec('BEGIN IMMEDIATE');
      for (const append of batch) {
        db.exec('SAVEPOINT append');
        try {
          outcomes.push({ ok: true, result: writeOne(append) });
          db.exec('RELEASE append');
        } catch (error) {
          if (isUnavailable(error)) throw error;
          db.exec('ROLLBACK TO append');
          db.exec('RELEASE append');
          const retried = (error as { code?: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE' ? alreadyAppended(append) : undefined;
          outcomes.push(retried ? { ok: true, result: retried } : { ok: false, error });
        }
      }
      db.exec('COMMIT');
    } catch (error) {
      rollbackQuietly();
      const unavailable = new EventStoreUnavailableError('Event store cannot take writes', { cause: error });
      for (const append of batch) append.reject(unavailable);
      return;
    }
    batch.forEach((append, index) => {
      const outcome = outcomes[index]!;
      if (outcome.ok) append.resolve(outcome.result);
      else append.reject(outcome.error);
    });
    for (const wake of [...wakers]) wake();
  }

  const source: PollingSource = {
    readPage: (after, limit) => pageRows.all(after, limit).map(toRecorded),
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
    append(streamId, events, expectedRevision) {
      if (closed) return Promise.reject(new EventStoreUnavailableError('Event store is closed'));
      if (events.length === 0) return Promise.reject(new Error('An append needs at least one event'));
      return new Promise<AppendResult>((resolve, reject) => {
        queue.push({ streamId, events, expected: expectedRevision, resolve, reject });
        flushScheduled ??= new Promise<void>((done) => {
          setImmediate(() => {
            flush();
            done();
          });
        });
      });
    },

    async readStream(streamId) {
      return streamRows.all(streamId).map(toRecorded);
    },

    async *readAll({ fromPosition, maxCount = Number.POSITIVE_INFINITY }: ReadAllOptions) {
      let position = fromPosition;
      let remaining = maxCount;
      while (remaining > 0) {
        const page = pageRows.all(position, Math.min(READ_PAGE_SIZE, remaining));
        for (const row of page) yield toRecorded(row);
        if (page.length < READ_PAGE_SIZE) return;
        position = page[page.length - 1]![0];
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
      return head.get()?.position ?? 0;
    },

    async close() {
      if (closed) return;
      closed = true;
      await flushScheduled;
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      db.close();
    },
  };
}
