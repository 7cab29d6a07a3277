/** A session's times in milliseconds, the end exclusive. */
export interface Span {
  start: number;
  end: number;
}

/**
 * Counts of kept rows by position in start order (a Fenwick tree), to find the last kept row that
 * starts before a time in log n.
 */
class KeptPositions {
  private readonly tree: Int32Array;
  private readonly top: number;

  constructor(size: number) {
    this.tree = new Int32Array(size + 1);
    this.top = size === 0 ? 0 : 2 ** Math.floor(Math.log2(size));
  }

  keep(position: number): void {
    for (let i = position + 1; i < this.tree.length; i += i & -i) this.tree[i]!++;
  }

  /** The last kept position before `position`, or -1. */
  lastBefore(position: number): number {
    let count = 0;
    for (let i = position; i > 0; i -= i & -i) count += this.tree[i]!;
    if (count === 0) return -1;
    // The position of the count-th kept one: descend the tree.
    let at = 0;
    for (let step = this.top; step > 0; step >>= 1) {
      if (at + step < this.tree.length && this.tree[at + step]! < count) {
        at += step;
        count -= this.tree[at]!;
      }
    }
    return at;
  }
}

/** The first index whose value is at least `value`, in ascending `values`. */
function lowerBound(values: Float64Array, value: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Which sessions of one kind a file can add, in the file's order: a row is refused when it overlaps
 * a session logged already, or a row of the file kept before it (touching end to start is no
 * overlap). For each row: null when kept, else the index of the first-kept row it overlaps, or
 * 'logged' when it overlaps none of those but one logged already. Sorted once, then each row in
 * log n: kept rows never overlap, so the ones a row overlaps are the last few kept before its end.
 * One row at a time, so that a caller with hundreds of thousands can let other work run between.
 */
export function* overlapSweep(rows: readonly Span[], logged: readonly Span[]): Generator<number | 'logged' | null, void, undefined> {
  const loggedByStart = [...logged].sort((a, b) => a.start - b.start);
  const loggedStarts = Float64Array.from(loggedByStart, (span) => span.start);
  // The latest end among logged sessions starting before each position.
  const loggedEndsBefore = new Float64Array(loggedByStart.length + 1).fill(-Infinity);
  for (let index = 0; index < loggedByStart.length; index++) loggedEndsBefore[index + 1] = Math.max(loggedEndsBefore[index]!, loggedByStart[index]!.end);

  const order = Array.from(rows, (_, index) => index).sort((a, b) => rows[a]!.start - rows[b]!.start || a - b);
  const positionOf = new Int32Array(rows.length);
  for (let position = 0; position < order.length; position++) positionOf[order[position]!] = position;
  const starts = Float64Array.from(order, (index) => rows[index]!.start);
  const kept = new KeptPositions(rows.length);

  for (let index = 0; index < rows.length; index++) {
    const { start, end } = rows[index]!;
    let first: number | null = null;
    for (let position = kept.lastBefore(lowerBound(starts, end)); position >= 0; position = kept.lastBefore(position)) {
      const other = order[position]!;
      if (rows[other]!.end <= start) break;
      if (first === null || other < first) first = other;
    }
    if (first !== null) yield first;
    else if (loggedEndsBefore[lowerBound(loggedStarts, end)]! > start) yield 'logged';
    else {
      kept.keep(positionOf[index]!);
      yield null;
    }
  }
}
