/** Ranges kept for one child document: a dashboard asks for one, a few screens for a few more. */
const RANGES_KEPT = 8;

interface Kept {
  sources: readonly object[];
  body: string;
}

const sameItems = (a: readonly object[], b: readonly object[]): boolean => a.length === b.length && a.every((item, index) => item === b[index]);

/**
 * Serialised answers kept for each child document, by the range asked and the very documents read
 * for it. The embedded read store hands out the same frozen documents until one is written, and a
 * write gives a new one: an answer made from the same child document and the same daily documents
 * is the same answer, so it is reused without being made again, and is never older than the
 * documents read for this request. A store that reads fresh documents every time (PostgreSQL,
 * MongoDB) never reuses one. Who may read the child is checked before, on every request.
 */
export function keptAnswers() {
  const byChild = new WeakMap<object, Map<string, Kept>>();
  return {
    get(child: object, range: string, sources: readonly object[]): string | undefined {
      const kept = byChild.get(child)?.get(range);
      return kept && sameItems(kept.sources, sources) ? kept.body : undefined;
    },
    set(child: object, range: string, sources: readonly object[], body: string): void {
      let ranges = byChild.get(child);
      if (!ranges) byChild.set(child, (ranges = new Map()));
      ranges.delete(range);
      ranges.set(range, { sources, body });
      if (ranges.size > RANGES_KEPT) ranges.delete(ranges.keys().next().value!);
    },
  };
}
