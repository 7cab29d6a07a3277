/** Sums and means of minutes and ounces, shared by the per-day and range maths. */

export function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** Unrounded; callers round where the insight says how. */
export function mean(values: readonly number[]): number {
  return sum(values) / values.length;
}
