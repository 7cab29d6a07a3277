import type { RecordedEvent, SubscribeOptions, Subscription } from '../ports/event-store';

export interface PollingSource {
  /** Up to `limit` events with a position greater than `after`, in position order (from a file at once, from a server later). */
  readPage(after: number, limit: number): RecordedEvent[] | Promise<RecordedEvent[]>;
  /** Resolves on the next local append or after `ms`, whichever comes first. */
  waitForAppend(ms: number): { promise: Promise<void>; cancel: () => void };
}

const PAGE_SIZE = 500;
/**
 * How long the subscription may keep the event loop before it lets other work run, when it has many
 * events to deliver: while catching up, and, shorter, once live, when a burst of appends arrives
 * (an import's), so that the request writing them keeps most of the loop and finishes first.
 */
const CATCH_UP_SLICE_MS = 20;
const LIVE_SLICE_MS = 2;

/**
 * Catch-up then live delivery from a log that can be read by position. Local appends wake it at
 * once; the poll interval covers writers in other processes sharing the same file. Handlers that
 * do no I/O (the in-memory read models) resolve at once, so a long catch-up, or a burst of appends
 * once live (an import's hundreds of thousands), would keep the event loop to itself: between
 * pages it lets the rest of the process run (health checks, requests).
 */
export function startPollingSubscription(
  source: PollingSource,
  options: SubscribeOptions,
  pollIntervalMs: number,
): Subscription & { done: Promise<void> } {
  const liveSliceMs = options.liveSliceMs ?? LIVE_SLICE_MS;
  let stopped = false;
  let cancelWait: (() => void) | undefined;
  let resolveCaughtUp!: () => void;
  let rejectCaughtUp!: (error: unknown) => void;
  const caughtUp = new Promise<void>((resolve, reject) => {
    resolveCaughtUp = resolve;
    rejectCaughtUp = reject;
  });
  // A caller that never awaits caughtUp must not get an unhandled rejection when the handler fails.
  caughtUp.catch(() => undefined);

  const run = async (): Promise<void> => {
    let position = options.fromPosition;
    let hasCaughtUp = false;
    let sliceStart = performance.now();
    while (!stopped) {
      const page = await source.readPage(position, PAGE_SIZE);
      for (const event of page) {
        if (performance.now() - sliceStart > (hasCaughtUp ? liveSliceMs : CATCH_UP_SLICE_MS)) {
          await new Promise((resolve) => setImmediate(resolve));
          sliceStart = performance.now();
        }
        if (stopped) return;
        await options.onEvent(event);
        position = event.position;
      }
      if (page.length < PAGE_SIZE) {
        // A short page means the reader reached the head, which includes everything present at start.
        if (!hasCaughtUp) {
          hasCaughtUp = true;
          options.onCaughtUp?.();
          resolveCaughtUp();
        }
        if (stopped) return;
        const wait = source.waitForAppend(pollIntervalMs);
        cancelWait = wait.cancel;
        await wait.promise;
        cancelWait = undefined;
        sliceStart = performance.now();
      }
    }
  };

  const done = run().catch((error: unknown) => {
    stopped = true;
    rejectCaughtUp(error);
    options.onError?.(error);
  });

  return {
    caughtUp,
    done,
    async stop() {
      stopped = true;
      cancelWait?.();
      await done;
    },
  };
}
