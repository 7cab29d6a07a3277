import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { privateDatabaseFile } from '../files/private-files';
import {
  EventStoreUnavailableError,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type ReadAllOptions,
  type RecordedEvent,
  type Subscription,
} from '../ports/event-store';
import type { AppendSignal } from './append-signal';
import { startPollingSubscription, type PollingSource } from './polling-subscription';

export interface SqliteEventStoreOptions {
  file: string;
  /** Opens the file without write access; every append then fails as unavailable. */
  readonly?: boolean;
  /** How often subscribers look for events written by other processes. */
  pollIntervalMs?: number;
  /** Shared with the other threads of this process that open the file: appends bump it, subscribers wake on it. */
  appendSignal?: AppendSignal;
}

/** A row as JSON.parse reads it from EVENT_JSON: data and metadata already parsed with the rest. */
type EventRow = [position: number, streamId: string, revision: number, id: string, type: string, data: unknown, metadata: RecordedEvent['metadata']];
/**
 * Each row as one JSON array text, built by SQLite. Every column handed to JavaScript costs about as
 * much as parsing a data field, so one text per row instead of seven values reads a replay faster;
 * data and metadata are stored as JSON already and go in as they are.
 */
const EVENT_JSON = `'[' || position || ',' || json_quote(stream_id) || ',' || revision || ',' || json_quote(id) || ',' || json_quote(type) || ',' || data || ',' || metadata || ']'`;

interface PendingAppend {
  streamId: string;
  expected: ExpectedRevision;
  /** id, type, and data and metadata as JSON: what the writer thread stores. */
  events: [id: string, type: string, data: string, metadata: string][];
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

/** A failure of an append the writer thread could not write, or of the thread itself. */
type Failure = { kind: 'unavailable' | 'failed'; message: string; code?: string };

/**
 * The writer thread's answer for a batch (see sqlite-writer.thread.js): three numbers an append,
 * `[0, nextRevision, position]`, `[1, actual revision or -1]` for a conflict, `[2]` for a failure
 * in `failures` under the append's index.
 */
type Outcomes = { codes: Float64Array; failures: Record<number, Failure> };

const READ_PAGE_SIZE = 500;

function errorOf(append: PendingAppend, index: number, { codes, failures }: Outcomes): Error {
  if (codes[index * 3] === 1) {
    const actual = codes[index * 3 + 1]!;
    return new WrongExpectedRevisionError(append.streamId, append.expected, actual === -1 ? 'no_stream' : actual);
  }
  const failure = failures[index]!;
  const cause = Object.assign(new Error(failure.message), { code: failure.code });
  return failure.kind === 'unavailable' ? new EventStoreUnavailableError('Event store cannot take writes', { cause }) : cause;
}

/**
 * A batch as the writer thread reads it: one text (one copy to hand over, where a batch of
 * thousands of events as arrays was a clone of every part), the metadata JSON each event names by
 * index. Each line is JSON, which holds no line break of its own.
 */
function encodeBatch(batch: readonly PendingAppend[]): { text: string; metadata: string[] } {
  const metadata = new Map<string, number>();
  const lines: string[] = [];
  for (const { streamId, expected, events } of batch) {
    lines.push(JSON.stringify([streamId, expected, events.length]));
    for (const [id, type, data, metadataJson] of events) {
      let index = metadata.get(metadataJson);
      if (index === undefined) metadata.set(metadataJson, (index = metadata.size));
      lines.push(JSON.stringify([id, type, index]), data);
    }
  }
  return { text: lines.join('\n'), metadata: [...metadata.keys()] };
}

// Indexed, not destructured: destructuring an array goes through its iterator, once per event of a replay.
function toRecorded(text: string): RecordedEvent {
  const row = JSON.parse(text) as EventRow;
  return { id: row[3], type: row[4], data: row[5], metadata: row[6], streamId: row[1], revision: row[2], position: row[0] };
}

function openDatabase(options: SqliteEventStoreOptions): Database.Database {
  try {
    if (!options.readonly) privateDatabaseFile(options.file);
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
 * The embedded event store: one SQLite file in WAL mode. Reads run here; writes run in a thread of
 * their own (sqlite-writer.thread.js), so that a commit's fsync does not stop the process meanwhile.
 * Appends asked for while one batch is being written are group-committed together as the next, in
 * one transaction (one fsync), a conflict refusing only its own append (those of several events each
 * under a savepoint).
 */
export function createSqliteEventStore(options: SqliteEventStoreOptions): EventStore {
  const db = openDatabase(options);
  const pollIntervalMs = options.pollIntervalMs ?? 50;

  const streamRows = db.prepare<[string, number], string>(`SELECT ${EVENT_JSON} FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision`).pluck(true);
  // The ids as one JSON array: one statement for any number of them.
  const manyStreamsRows = db.prepare<[string], string>(`SELECT ${EVENT_JSON} FROM events WHERE stream_id IN (SELECT value FROM json_each(?)) ORDER BY position`).pluck(true);
  const pageRows = db.prepare<[number, number], string>(`SELECT ${EVENT_JSON} FROM events WHERE position > ? ORDER BY position LIMIT ?`).pluck(true);
  const head = db.prepare<[], { position: number | null }>('SELECT MAX(position) AS position FROM events');

  let closed = false;
  let queue: PendingAppend[] = [];
  let inFlight: PendingAppend[] | null = null;
  let dispatchScheduled = false;
  let writer: Worker | null = null;
  const idleWaiters = new Set<() => void>();
  const wakers = new Set<() => void>();
  const subscriptions = new Set<Subscription>();

  const finishBatch = (outcomes: Outcomes): void => {
    const batch = inFlight ?? [];
    inFlight = null;
    const { codes } = outcomes;
    batch.forEach((append, index) => {
      if (codes[index * 3] === 0) append.resolve({ nextRevision: codes[index * 3 + 1]!, position: codes[index * 3 + 2]! });
      else append.reject(errorOf(append, index, outcomes));
    });
    for (const wake of [...wakers]) wake();
    options.appendSignal?.bump();
    if (queue.length > 0) dispatch();
    else {
      // Idle, the writer must not keep a finished process alive; busy, it must.
      writer?.unref();
      for (const idle of [...idleWaiters]) idle();
    }
  };

  function startWriter(): Worker {
    const thread = new Worker(new URL('./sqlite-writer.thread.js', import.meta.url), { workerData: { file: options.file } });
    thread.on('message', finishBatch);
    // A thread that fails or ends unasked leaves its batch unwritten, and the next batch starts a new one.
    const gone = (message: string) => {
      if (writer !== thread) return;
      writer = null;
      if (inFlight) finishBatch({ codes: new Float64Array(inFlight.length * 3).fill(2), failures: inFlight.map((): Failure => ({ kind: 'unavailable', message })) });
    };
    thread.on('error', (error) => gone(error.message));
    thread.on('exit', (code) => gone(`the writer thread ended (${code})`));
    return thread;
  }

  function dispatch(): void {
    dispatchScheduled = false;
    if (inFlight || queue.length === 0) return;
    inFlight = queue;
    queue = [];
    writer ??= startWriter();
    writer.ref();
    writer.postMessage(encodeBatch(inFlight));
    // The thread has its own copy: the text of the events need not be kept until it answers.
    for (const append of inFlight) append.events = [];
  }

  const whenIdle = (): Promise<void> =>
    inFlight || queue.length > 0 || dispatchScheduled
      ? new Promise<void>((resolve) => {
          const idle = () => {
            idleWaiters.delete(idle);
            resolve();
          };
          idleWaiters.add(idle);
        })
      : Promise.resolve();

  const source: PollingSource = {
    readPage: (after, limit) => pageRows.all(after, limit).map(toRecorded),
    waitForAppend(ms) {
      // Appends of another thread of this process; those of this one wake the subscriber below.
      if (options.readonly && options.appendSignal) return options.appendSignal.next(ms);
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

  // The metadata last encoded: the events of one request often share one object (an import's all do).
  let lastMetadata: object | null = null;
  let lastMetadataJson = '';
  const metadataJson = (metadata: object): string => {
    if (metadata !== lastMetadata) {
      lastMetadataJson = JSON.stringify(metadata);
      lastMetadata = metadata;
    }
    return lastMetadataJson;
  };

  return {
    append(streamId, events, expectedRevision) {
      if (closed) return Promise.reject(new EventStoreUnavailableError('Event store is closed'));
      if (options.readonly) return Promise.reject(new EventStoreUnavailableError('Event store is open read-only'));
      if (events.length === 0) return Promise.reject(new Error('An append needs at least one event'));
      return new Promise<AppendResult>((resolve, reject) => {
        const encoded = events.map(({ id, type, data, metadata }): PendingAppend['events'][number] => [id, type, JSON.stringify(data), metadataJson(metadata)]);
        queue.push({ streamId, events: encoded, expected: expectedRevision, resolve, reject });
        // Appends asked for in this turn go together; while a batch is being written, they wait for it.
        if (!inFlight && !dispatchScheduled) {
          dispatchScheduled = true;
          setImmediate(dispatch);
        }
      });
    },

    async readStream(streamId, fromRevision = 0) {
      return streamRows.all(streamId, fromRevision).map(toRecorded);
    },

    async readStreams(streamIds) {
      const streams = new Map<string, RecordedEvent[]>();
      for (const text of manyStreamsRows.all(JSON.stringify(streamIds))) {
        const event = toRecorded(text);
        const stream = streams.get(event.streamId);
        if (stream) stream.push(event);
        else streams.set(event.streamId, [event]);
      }
      return streams;
    },

    async *readAll({ fromPosition, maxCount = Number.POSITIVE_INFINITY }: ReadAllOptions) {
      let position = fromPosition;
      let remaining = maxCount;
      while (remaining > 0) {
        const page = pageRows.all(position, Math.min(READ_PAGE_SIZE, remaining));
        for (const text of page) {
          const event = toRecorded(text);
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
      return head.get()?.position ?? 0;
    },

    async close() {
      if (closed) return;
      closed = true;
      await whenIdle();
      const thread = writer;
      if (thread) {
        writer = null;
        const exited = new Promise((resolve) => thread.once('exit', resolve));
        // Kept alive until it has closed its connection: an idle writer is unref'd.
        thread.ref();
        thread.postMessage('close');
        await exited;
      }
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      db.close();
    },
  };
}
