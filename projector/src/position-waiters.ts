/** Readers waiting for a projector to pass a position, each for a bounded time. */
export interface PositionWaiters {
  /** Resolves true once `reached` is told of `target` or beyond, false after `timeoutMs`. */
  wait(target: number, timeoutMs: number): Promise<boolean>;
  /** The projector has passed `position`: those waiting for it or less go on. */
  reached(position: number): void;
  /** The projector stopped: every one still waiting is answered false. */
  abandon(): void;
}

export function positionWaiters(): PositionWaiters {
  const waiters = new Set<{ position: number; resolve: (ok: boolean) => void }>();
  return {
    wait(target, timeoutMs) {
      return new Promise((resolve) => {
        const waiter = { position: target, resolve };
        waiters.add(waiter);
        setTimeout(() => {
          if (waiters.delete(waiter)) resolve(false);
        }, timeoutMs).unref();
      });
    },
    reached(position) {
      for (const waiter of waiters) {
        if (waiter.position <= position) {
          waiters.delete(waiter);
          waiter.resolve(true);
        }
      }
    },
    abandon() {
      for (const waiter of waiters) waiter.resolve(false);
      waiters.clear();
    },
  };
}
