/**
 * A counter of the appends committed to an event log file, in memory every thread of the process
 * shares: the thread that writes bumps it, a subscriber on another thread (the projector's) wakes
 * on the bump instead of polling the file. A thread is woken within microseconds, where a poll
 * would add its interval to every write's way to the read models.
 */
export interface AppendSignal {
  /** The memory to hand to another thread (workerData), which makes its own AppendSignal of it. */
  readonly memory: SharedArrayBuffer;
  /** Counts an append and wakes the threads waiting for one. */
  bump(): void;
  /** Resolves at the next bump, or after `ms`; `cancel` resolves it at once. */
  next(ms: number): { promise: Promise<void>; cancel: () => void };
}

export function createAppendSignal(memory: SharedArrayBuffer = new SharedArrayBuffer(4)): AppendSignal {
  const counter = new Int32Array(memory);
  return {
    memory,
    bump() {
      Atomics.add(counter, 0, 1);
      Atomics.notify(counter, 0);
    },
    next(ms) {
      const seen = Atomics.load(counter, 0);
      let cancel!: () => void;
      const cancelled = new Promise<void>((resolve) => (cancel = resolve));
      const wait = Atomics.waitAsync(counter, 0, seen, ms);
      const bumped = wait.async ? wait.value.then(() => undefined) : Promise.resolve();
      return { promise: Promise.race([bumped, cancelled]), cancel };
    },
  };
}
