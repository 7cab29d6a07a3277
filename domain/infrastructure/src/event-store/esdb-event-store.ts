import {
  ANY,
  BACKWARDS,
  DeadlineExceededError,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  NotLeaderError,
  START,
  StreamNotFoundError,
  TimeoutError,
  UnavailableError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type JSONType,
  type ReadPosition,
  type ResolvedEvent,
} from '@eventstore/db-client';
import {
  EventStoreUnavailableError,
  WrongExpectedRevisionError,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type RecordedEvent,
  type Subscription,
} from '../ports/event-store';

const PAGE_SIZE = 500;
// gRPC status codes the client passes through unwrapped when no connection can be made.
const GRPC_UNAVAILABLE = 14;
const GRPC_DEADLINE_EXCEEDED = 4;

function toEsdbRevision(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'any') return ANY;
  return BigInt(expected);
}

function toReadPosition(position: number): ReadPosition {
  if (position <= 0) return START;
  // Each event's commit and prepare positions are equal unless it was written in an explicit transaction.
  return { commit: BigInt(position), prepare: BigInt(position) };
}

function isSystemType(type: string): boolean {
  return type.startsWith('$');
}

function toRecorded(resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | undefined {
  const event = resolved.event;
  if (!event || isSystemType(event.type) || isSystemType(event.streamId)) return undefined;
  const commit = event.position?.commit ?? resolved.commitPosition ?? 0n;
  return {
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: event.metadata as EventMetadata,
    streamId: event.streamId,
    revision: Number(event.revision),
    position: Number(commit),
  };
}

function mapError(error: unknown, streamId: string, expected: ExpectedRevision): unknown {
  if (error instanceof WrongExpectedVersionError) {
    const actual = error.actualVersion === NO_STREAM ? 'no_stream' : Number(error.actualVersion);
    return new WrongExpectedRevisionError(streamId, expected, actual);
  }
  const grpcCode = (error as { code?: unknown } | null)?.code;
  if (
    error instanceof UnavailableError ||
    error instanceof DeadlineExceededError ||
    error instanceof TimeoutError ||
    error instanceof NotLeaderError ||
    grpcCode === GRPC_UNAVAILABLE ||
    grpcCode === GRPC_DEADLINE_EXCEEDED
  ) {
    return new EventStoreUnavailableError('EventStoreDB cannot take writes', { cause: error });
  }
  return error;
}

/** The full-stack event store: EventStoreDB over gRPC. System events ($-prefixed) are hidden. */
export function createEsdbEventStore({ connectionString }: { connectionString: string }): EventStore {
  const client = EventStoreDBClient.connectionString(connectionString);
  const subscriptions = new Set<Subscription>();

  async function* readAllRaw(fromPosition: number): AsyncGenerator<RecordedEvent> {
    let position = fromPosition;
    for (;;) {
      let seen = 0;
      // readAll is inclusive of its start position, so the event at `position` is skipped.
      for await (const resolved of client.readAll({ fromPosition: toReadPosition(position), direction: FORWARDS, maxCount: PAGE_SIZE })) {
        seen += 1;
        const commit = Number(resolved.event?.position.commit ?? resolved.commitPosition ?? 0n);
        if (commit <= position) continue;
        position = commit;
        const recorded = toRecorded(resolved);
        if (recorded) yield recorded;
      }
      if (seen < PAGE_SIZE) return;
    }
  }

  async function headPosition(): Promise<number> {
    let from: ReadPosition = END;
    for (;;) {
      let seen = 0;
      let last: ReadPosition | undefined;
      for await (const resolved of client.readAll({ fromPosition: from, direction: BACKWARDS, maxCount: PAGE_SIZE })) {
        seen += 1;
        const recorded = toRecorded(resolved);
        if (recorded) return recorded.position;
        last = resolved.event?.position;
      }
      if (seen < PAGE_SIZE || !last) return 0;
      from = last;
    }
  }

  async function readStream(streamId: string, fromRevision = 0): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of client.readStream(streamId, { fromRevision: fromRevision > 0 ? BigInt(fromRevision) : START, direction: FORWARDS })) {
        const recorded = toRecorded(resolved);
        if (recorded) events.push(recorded);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  return {
    async append(streamId, events, expectedRevision) {
      try {
        const result = await client.appendToStream(
          streamId,
          events.map((event) => jsonEvent({ id: event.id, type: event.type, data: event.data as JSONType, metadata: event.metadata })),
          { expectedRevision: toEsdbRevision(expectedRevision) },
        );
        const position = result.position;
        return {
          nextRevision: Number(result.nextExpectedRevision),
          // The larger of the two is the last event's position when several events were appended.
          position: position ? Number(position.commit > position.prepare ? position.commit : position.prepare) : 0,
        };
      } catch (error) {
        throw mapError(error, streamId, expectedRevision);
      }
    },

    readStream,

    async readStreams(streamIds) {
      const streams = new Map<string, RecordedEvent[]>();
      for (const streamId of new Set(streamIds)) {
        const events = await readStream(streamId);
        if (events.length > 0) streams.set(streamId, events);
      }
      return streams;
    },

    async *readAll({ fromPosition, maxCount = Number.POSITIVE_INFINITY }) {
      let remaining = maxCount;
      if (remaining <= 0) return;
      for await (const event of readAllRaw(fromPosition)) {
        yield event;
        remaining -= 1;
        if (remaining <= 0) return;
      }
    },

    subscribeToAll({ fromPosition, onEvent, onCaughtUp, onError }) {
      const stream = client.subscribeToAll({ fromPosition: toReadPosition(fromPosition), filter: excludeSystemEvents() });
      let stopped = false;
      let caughtUp = false;
      let serverSaysCaughtUp = false;
      let handling = false;
      let resolveCaughtUp!: () => void;
      let rejectCaughtUp!: (error: unknown) => void;
      const caughtUpPromise = new Promise<void>((resolve, reject) => {
        resolveCaughtUp = resolve;
        rejectCaughtUp = reject;
      });
      caughtUpPromise.catch(() => undefined);

      const markCaughtUp = () => {
        if (caughtUp) return;
        caughtUp = true;
        onCaughtUp?.();
        resolveCaughtUp();
      };
      // The server's signal arrives while earlier events may still sit unhandled in the stream's buffer.
      const markIfDrained = () => {
        if (serverSaysCaughtUp && !handling && stream.readableLength === 0) markCaughtUp();
      };
      stream.on('caughtUp', () => {
        serverSaysCaughtUp = true;
        markIfDrained();
      });

      const run = async () => {
        const head = await headPosition();
        if (head <= fromPosition) markCaughtUp();
        for await (const resolved of stream) {
          if (stopped) break;
          const recorded = toRecorded(resolved);
          if (!recorded || recorded.position <= fromPosition) continue;
          handling = true;
          await onEvent(recorded);
          handling = false;
          if (recorded.position >= head) markCaughtUp();
          markIfDrained();
        }
      };

      const done = run().catch((error: unknown) => {
        if (stopped) return;
        stopped = true;
        rejectCaughtUp(error);
        onError?.(error);
        void stream.unsubscribe();
      });

      const subscription: Subscription = {
        caughtUp: caughtUpPromise,
        async stop() {
          stopped = true;
          await stream.unsubscribe();
          await done;
          subscriptions.delete(subscription);
        },
      };
      subscriptions.add(subscription);
      return subscription;
    },

    headPosition,

    async close() {
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      await client.dispose();
    },
  };
}
