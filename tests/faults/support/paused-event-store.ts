import type { EventStore } from '@nightlight/infrastructure/ports/event-store';

export interface PausedEventStore {
  store: EventStore;
  /** Resolves when the subscriber is about to be handed event number `pauseAt` (1-based). */
  paused: Promise<void>;
  /** Lets delivery go on. */
  resume(): void;
}

/**
 * The same event store, except that a subscription holds event number `pauseAt` back until resumed:
 * a fixed point in the middle of a catch-up at which to stop or "kill" a projector.
 */
export function pauseSubscriptionAt(inner: EventStore, pauseAt: number): PausedEventStore {
  let signalPaused!: () => void;
  const paused = new Promise<void>((resolve) => (signalPaused = resolve));
  let resume!: () => void;
  const gate = new Promise<void>((resolve) => (resume = resolve));
  const store: EventStore = {
    append: (...args) => inner.append(...args),
    readStream: (streamId, fromRevision) => inner.readStream(streamId, fromRevision),
    readStreams: (streamIds) => inner.readStreams(streamIds),
    readAll: (options) => inner.readAll(options),
    headPosition: () => inner.headPosition(),
    close: () => inner.close(),
    subscribeToAll(options) {
      let delivered = 0;
      return inner.subscribeToAll({
        ...options,
        onEvent: async (event) => {
          delivered += 1;
          if (delivered === pauseAt) {
            signalPaused();
            await gate;
          }
          await options.onEvent(event);
        },
      });
    },
  };
  return { store, paused, resume };
}
