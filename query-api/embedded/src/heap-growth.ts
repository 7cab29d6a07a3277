/**
 * How far V8 lets the server's heap grow past what was live after a full collection before it
 * collects again. Left to itself V8 lets a heap on a machine with memory to spare grow to up to four
 * times what is live, and under a steady stream of requests (each leaving garbage that outlives the
 * young generation) it does: resident memory then follows the traffic, not what the server keeps.
 * What the server keeps is bounded (the read store's caches, the day slots' states), so the heap
 * stays within half as much again as that (docs/benchmarks.md, *Resident memory under traffic*).
 * A growth factor rather than a cap: a cap set too low for what a deployment keeps would end the
 * process, whereas this only makes its collections more frequent.
 */
export const HEAP_GROWING_PERCENT = 50;

const HEAP_FLAGS = /^--(max[-_]old[-_]space[-_]size|heap[-_]growing[-_]percent)(=|$)/;

/**
 * The flags the server should start with, or null when the process was started with heap flags of
 * its own (on node's command line or in NODE_OPTIONS): those are kept as given.
 */
export function heapFlagsFor(execArgv: readonly string[], nodeOptions: string | undefined): string[] | null {
  const given = [...execArgv, ...(nodeOptions ?? '').split(/\s+/)].some((argument) => HEAP_FLAGS.test(argument));
  return given ? null : [`--heap-growing-percent=${HEAP_GROWING_PERCENT}`];
}
