/** Ranges kept for one child document: a dashboard asks for one, a few screens for a few more. */
const RANGES_KEPT = 8;

interface Kept<Body> {
  sources: readonly object[];
  /** The collection's write mark when the sources were last read (undefined: the store has none). */
  mark: object | undefined;
  body: Body;
}

const sameItems = (a: readonly object[], b: readonly object[]): boolean => a.length === b.length && a.every((item, index) => item === b[index]);

/**
 * Serialised answers kept for each child document and range, with the documents they were made
 * from. The embedded read store hands out the same frozen documents until one is written, and a
 * write gives a new one: an answer made from the same child document and the same documents is the
 * same answer, so it is reused rather than made again. While the collection's write mark is the one
 * seen when they were last read, the documents are not even looked up again: nothing was written
 * since. A store that reads fresh documents every time (PostgreSQL, MongoDB) never reuses one. Who
 * may read the child is checked before, on every request (docs/decisions.md, "Kept answers").
 */
export function keptAnswers<Body>() {
  const byChild = new WeakMap<object, Map<string, Kept<Body>>>();
  return {
    /**
     * The answer for `child` over `range`: kept, or made by `make` from what `read` finds. `mark` is
     * the collection's write mark taken before `read` is called, so a write meanwhile is a change.
     */
    async answer<S extends object>(child: object, range: string, mark: object | undefined, read: () => Promise<readonly S[]>, make: (sources: readonly S[]) => Body): Promise<Body> {
      let ranges = byChild.get(child);
      const kept = ranges?.get(range);
      if (kept && mark !== undefined && kept.mark === mark) return kept.body;
      const sources = await read();
      if (kept && sameItems(kept.sources, sources)) {
        kept.mark = mark;
        return kept.body;
      }
      const body = make(sources);
      if (!ranges) byChild.set(child, (ranges = new Map()));
      ranges.delete(range);
      ranges.set(range, { sources, mark, body });
      if (ranges.size > RANGES_KEPT) ranges.delete(ranges.keys().next().value!);
      return body;
    },
  };
}
