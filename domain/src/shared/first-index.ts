/**
 * Binary search over a sorted list seen through `isBelow(index)`, which must hold for a leading run
 * of the indexes and fail for the rest: the first index where it fails, or `count` when it never does.
 */
export function firstIndexNotBelow(count: number, isBelow: (index: number) => boolean): number {
  let low = 0;
  let high = count;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (isBelow(middle)) low = middle + 1;
    else high = middle;
  }
  return low;
}
