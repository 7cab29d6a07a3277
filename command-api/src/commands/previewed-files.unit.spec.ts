import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { previewedFiles } from './previewed-files';

const at = (minutes: number) => new Date(Date.parse('2026-11-20T18:00:00Z') + minutes * 60_000);

describe("a preview's checked rows, kept for the import", () => {
  it('are taken once, by the same parts only', async () => {
    const kept = previewedFiles<string>();
    const key = await kept.keyOf(['parent', 'child', 'file']);
    kept.keep(key, 'rows', 3, at(0));
    // Parts that join to the same text are other parts.
    expect(kept.take(await kept.keyOf(['parent', 'chi', 'ldfile']), at(1))).toBeUndefined();
    expect(kept.take(key, at(1))).toBe('rows');
    expect(kept.take(key, at(1))).toBeUndefined();
  });

  it('are kept under a digest of the whole text, a file larger than a piece hashed as one', async () => {
    const kept = previewedFiles<string>();
    // 1 MiB of a two-unit character: a piece's end falls inside one, which must not be cut in two.
    const file = `a${'👶'.repeat(1 << 19)}x`;
    const whole = createHash('sha256').update(`${file.length}:`).update(file).digest('base64');
    expect(await kept.keyOf([file])).toBe(whole);
    expect(await kept.keyOf([file.slice(0, -1) + 'y'])).not.toBe(whole);
  });

  it('are dropped after five minutes, and the oldest first when a newer file needs the room', () => {
    const kept = previewedFiles<string>();
    kept.keep('a', 'first', 10, at(0));
    expect(kept.take('a', at(5))).toBeUndefined();
    kept.keep('a', 'first', 200_000, at(10));
    kept.keep('b', 'second', 100_000, at(11));
    kept.keep('c', 'third', 100_000, at(12));
    expect([kept.take('a', at(13)), kept.take('b', at(13)), kept.take('c', at(13))]).toEqual([undefined, 'second', 'third']);
    // A file larger than all the room is not kept.
    kept.keep('d', 'huge', 400_000, at(14));
    expect(kept.take('d', at(14))).toBeUndefined();
  });
});
