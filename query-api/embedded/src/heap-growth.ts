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
const HEAP_GROWING_PERCENT = 50;

/**
 * The young generation's halves, in MiB (V8's default is 16). A write or an import keeps what it
 * makes (events, documents, answers) for a few milliseconds, until the event log and the read
 * models have taken it: with halves of 16 MiB much of it was still live at each scavenge, copied
 * and promoted, and collecting was a sixth of the answering thread during an import. Twice the room
 * lets more of it die young: 7–12 % less of the server's CPU for an import, for at most 48 MiB more
 * resident memory (docs/benchmarks.md, "Import").
 */
const SEMI_SPACE_MIB = 32;

/** The flags the server starts with when the caller gave none of its own. */
export const SERVER_HEAP_FLAGS: readonly string[] = [`--heap-growing-percent=${HEAP_GROWING_PERCENT}`, `--max-semi-space-size=${SEMI_SPACE_MIB}`];

const HEAP_FLAGS = /^--(max[-_]old[-_]space[-_]size|heap[-_]growing[-_]percent|max[-_]semi[-_]space[-_]size|semi[-_]space[-_]growth[-_]factor)(=|$)/;

/**
 * The flags the server should start with, or null when the process was started with heap flags of
 * its own (on node's command line or in NODE_OPTIONS): those are kept as given.
 */
export function heapFlagsFor(execArgv: readonly string[], nodeOptions: string | undefined): string[] | null {
  const given = [...execArgv, ...(nodeOptions ?? '').split(/\s+/)].some((argument) => HEAP_FLAGS.test(argument));
  return given ? null : [...SERVER_HEAP_FLAGS];
}
