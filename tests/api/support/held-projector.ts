import type { EventStore } from '@nightlight/infrastructure/ports/event-store';

export interface ProjectorHold {
  /** From now on the projector stops before its next event, as a slow or busy projector would. */
  hold(): void;
  /** Lets it go on. */
  release(): void;
  /** For startEmbeddedServer's projectorEventStore option. */
  wrap(eventStore: EventStore): EventStore;
}

/**
 * Holds the embedded server's projector back while the test looks at the server, so lag that
 * normally lasts a millisecond can be observed: nothing else changes, the events still come from
 * the real log and go to the real projections.
 */
export function projectorHold(): ProjectorHold {
  let gate: Promise<void> = Promise.resolve();
  let open: (() => void) | undefined;
  return {
    hold() {
      if (open) return;
      gate = new Promise((resolve) => (open = resolve));
    },
    release() {
      open?.();
      open = undefined;
    },
    wrap(eventStore) {
      return {
        ...eventStore,
        subscribeToAll(options) {
          return eventStore.subscribeToAll({
            ...options,
            async onEvent(event) {
              await gate;
              await options.onEvent(event);
            },
          });
        },
      };
    },
  };
}
