import type { ChangeFeed, ChildChange } from '../ports/change-feed';

/** The embedded default: projector and query routes share one process. */
export function createInProcessChangeFeed(): ChangeFeed {
  const listeners = new Set<(change: ChildChange) => void>();
  return {
    async publish(change) {
      for (const listener of listeners) listener(change);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
    },
  };
}
