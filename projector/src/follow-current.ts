import type { RunningProjector } from './projector-runner';

/**
 * A projector handle for readers that follows the switch: a reader waiting for its write on the
 * retired projector when it stops goes on waiting on the new one for the time it has left.
 */
export function followCurrent(current: () => RunningProjector): RunningProjector {
  return {
    get caughtUp() {
      return current().caughtUp;
    },
    position: () => current().position(),
    async waitFor(position, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const asked = current();
        const reached = await asked.waitFor(position, Math.max(0, deadline - Date.now()));
        if (reached || asked === current() || Date.now() >= deadline) return reached;
      }
    },
    stalledSince: () => current().stalledSince(),
    stop: () => current().stop(),
  };
}
