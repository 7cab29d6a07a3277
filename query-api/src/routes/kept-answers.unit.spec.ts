import { describe, expect, it } from 'vitest';
import { keptAnswers } from './kept-answers';

/** A reader of documents that counts its reads, and a maker that counts what it made. */
function counted(documents: object[]) {
  const counts = { reads: 0, made: 0 };
  return {
    counts,
    read: async () => {
      counts.reads += 1;
      return [...documents];
    },
    make: (sources: readonly object[]) => `answer ${(counts.made += 1)} of ${sources.length}`,
  };
}

describe('kept answers', () => {
  it('answers again without reading while the write mark stays, and reads once it changes', async () => {
    const kept = keptAnswers<string>();
    const child = {};
    const source = counted([{ day: 1 }, { day: 2 }]);
    const mark = {};
    expect(await kept.answer(child, '2026-01-01/2026-01-07', mark, source.read, source.make)).toBe('answer 1 of 2');
    expect(await kept.answer(child, '2026-01-01/2026-01-07', mark, source.read, source.make)).toBe('answer 1 of 2');
    expect(source.counts).toEqual({ reads: 1, made: 1 });
    // Written meanwhile, but not these documents: read again, and the same answer.
    expect(await kept.answer(child, '2026-01-01/2026-01-07', {}, source.read, source.make)).toBe('answer 1 of 2');
    expect(source.counts).toEqual({ reads: 2, made: 1 });
  });

  it('makes the answer again when a document read is another object, or the child is', async () => {
    const kept = keptAnswers<string>();
    const child = {};
    const first = counted([{ day: 1 }]);
    await kept.answer(child, 'week', {}, first.read, first.make);
    const changed = counted([{ day: 1 }]);
    expect(await kept.answer(child, 'week', {}, changed.read, changed.make)).toBe('answer 1 of 1');
    expect(changed.counts).toEqual({ reads: 1, made: 1 });
    const renamed = counted([{ day: 1 }]);
    await kept.answer({}, 'week', undefined, renamed.read, renamed.make);
    expect(renamed.counts.made).toBe(1);
  });

  it('reads every time from a store without a write mark, and keeps ranges apart', async () => {
    const kept = keptAnswers<string>();
    const child = {};
    const source = counted([{ day: 1 }]);
    await kept.answer(child, 'week', undefined, source.read, source.make);
    await kept.answer(child, 'week', undefined, source.read, source.make);
    expect(source.counts).toEqual({ reads: 2, made: 1 });
    expect(await kept.answer(child, 'month', undefined, source.read, source.make)).toBe('answer 2 of 1');
  });
});
