import { upcastEvent } from '@nightlight/domain/events/event-registry';
import type { EventStore, RecordedEvent } from '../ports/event-store';

export type Upcast = (event: RecordedEvent) => RecordedEvent;

/**
 * Hands out every event at its type's current schema version, whichever adapter stored it and
 * whenever. Old events are lifted as they are read and never rewritten, so the log stays the
 * immutable record; appends pass through untouched (they are validated where they are decided).
 */
export function createUpcastingEventStore(inner: EventStore, upcast: Upcast = (event) => upcastEvent(event)): EventStore {
  return {
    append: (streamId, events, expectedRevision) => inner.append(streamId, events, expectedRevision),
    readStream: async (streamId, fromRevision) => (await inner.readStream(streamId, fromRevision)).map((event) => upcast(event)),
    async readStreams(streamIds) {
      const streams = await inner.readStreams(streamIds);
      for (const [streamId, events] of streams) streams.set(streamId, events.map((event) => upcast(event)));
      return streams;
    },
    async *readAll(options) {
      for await (const event of inner.readAll(options)) yield upcast(event);
    },
    subscribeToAll: (options) => inner.subscribeToAll({ ...options, onEvent: (event) => options.onEvent(upcast(event)) }),
    headPosition: () => inner.headPosition(),
    close: () => inner.close(),
  };
}
