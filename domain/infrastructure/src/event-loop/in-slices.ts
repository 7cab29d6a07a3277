import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Work that may run for seconds (a request importing a large file, the projector settling the days
 * of such an import) gives the event loop a turn this often, so that other requests are answered
 * meanwhile (docs/decisions.md, "Imports").
 */
const SLICE_MS = 10;

/** Calls `step` on each item in order, letting other work run every SLICE_MS. */
export async function eachInSlices<T>(items: Iterable<T>, step: (item: T, index: number) => void | Promise<void>): Promise<void> {
  let sliceEnds = performance.now() + SLICE_MS;
  let index = 0;
  for (const item of items) {
    // A step that answers at once is not waited for: a microtask each of many rows adds up.
    const stepping = step(item, index++);
    if (stepping) await stepping;
    if (performance.now() >= sliceEnds) {
      await nextTurn();
      sliceEnds = performance.now() + SLICE_MS;
    }
  }
}

/** Lets other work run between two passes of such a request over all its rows (each some tens of milliseconds). */
export const otherWorkFirst = (): Promise<void> => nextTurn();
