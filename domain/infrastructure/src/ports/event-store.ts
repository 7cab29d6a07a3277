import { StorageUnavailableError } from './storage-unavailable';

/**
 * The event store port. Two adapters implement it: an embedded SQLite file and EventStoreDB.
 * Revisions are 0-based per stream; positions are global, strictly increasing, and comparable
 * across the whole log (SQLite: a row id; EventStoreDB: the commit position).
 */

/** 'no_stream': the stream must not exist; 'any': no check; a number: the stream's current revision. */
export type ExpectedRevision = 'no_stream' | 'any' | number;

export interface EventMetadata {
  /** The actor; absent for system events (scheduler, anonymisation jobs). */
  userId?: string;
  correlationId: string;
  causationId: string;
  schemaVersion: number;
  /** ISO timestamp of when the command was decided. */
  recordedAt: string;
  [key: string]: unknown;
}

export interface NewEvent<Type extends string = string, Data = unknown> {
  /** UUID; a deterministic id lets a retried append be recognised as the same fact. */
  id: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> extends NewEvent<Type, Data> {
  streamId: string;
  revision: number;
  position: number;
}

export interface AppendResult {
  /** Revision of the last appended event. */
  nextRevision: number;
  /** Global position of the last appended event. */
  position: number;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${streamId} was changed concurrently (expected ${String(expected)}, found ${String(actual)})`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/** The event store could not take the write (disk full, read-only file, server unreachable). */
export class EventStoreUnavailableError extends StorageUnavailableError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EventStoreUnavailableError';
  }
}

export interface ReadAllOptions {
  /** Exclusive: events with a position greater than this are returned. 0 reads from the start. */
  fromPosition: number;
  maxCount?: number;
}

export interface SubscribeOptions {
  /** Exclusive, like readAll. */
  fromPosition: number;
  onEvent: (event: RecordedEvent) => Promise<void> | void;
  /** Called once the subscription has delivered everything that existed when it started. */
  onCaughtUp?: () => void;
  onError?: (error: unknown) => void;
  /**
   * Once live, how long a burst of appends may be delivered before the subscriber's thread gets a
   * turn (where the log delivers in slices: the embedded one). Short on the thread that answers
   * requests; a projector on a thread of its own settles fewer, larger slices.
   */
  liveSliceMs?: number;
}

export interface Subscription {
  /** Resolves when the subscription first catches up. */
  readonly caughtUp: Promise<void>;
  stop(): Promise<void>;
}

export interface EventStore {
  append(streamId: string, events: readonly NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult>;
  /**
   * Events of one stream in revision order, from `fromRevision` on (0 when not given); an empty
   * list when the stream does not exist.
   */
  readStream(streamId: string, fromRevision?: number): Promise<RecordedEvent[]>;
  /**
   * The events of several streams, each in revision order, by stream id; a stream that does not
   * exist is left out. For work on many streams at once (an import looks up the entries of thousands
   * of rows): an adapter that can read them in one query does, the others read one after another.
   * The caller keeps the list to a few thousand ids, so that a query does not hold the process long.
   */
  readStreams(streamIds: readonly string[]): Promise<Map<string, RecordedEvent[]>>;
  readAll(options: ReadAllOptions): AsyncIterable<RecordedEvent>;
  subscribeToAll(options: SubscribeOptions): Subscription;
  /** Position of the newest event in the log, 0 when empty. */
  headPosition(): Promise<number>;
  close(): Promise<void>;
}
