import { describe, expect, it } from 'vitest';
import { overlapSweep, type Span } from './overlap-sweep';

/** The rule as the import applied it row by row: each row against every one kept before it. */
function rowByRow(rows: Span[], logged: Span[]): (number | 'logged' | null)[] {
  const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;
  const kept: number[] = [];
  return rows.map((row, index) => {
    const earlier = kept.find((other) => overlaps(rows[other]!, row));
    if (earlier !== undefined) return earlier;
    if (logged.some((other) => overlaps(other, row))) return 'logged';
    kept.push(index);
    return null;
  });
}

const minutes = (start: number, end: number): Span => ({ start: start * 60_000, end: end * 60_000 });

describe('the overlaps of a file’s sessions', () => {
  it('refuses a row overlapping one kept before it, naming the first kept, or one logged; touching is no overlap', () => {
    const rows = [minutes(0, 30), minutes(30, 60), minutes(20, 40), minutes(10, 70), minutes(100, 120), minutes(200, 210), minutes(95, 101)];
    const logged = [minutes(190, 205)];
    // Row 2 overlaps rows 0 and 1 (row 0 kept first); row 3 the same; row 5 a logged one; row 6 row 4.
    expect([...overlapSweep(rows, logged)]).toEqual([null, null, 0, 0, null, 'logged', 4]);
  });

  it('gives the answer the row-by-row rule gives, on files in any order', () => {
    let seed = 7;
    const random = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % below;
    };
    for (let round = 0; round < 200; round++) {
      const span = () => {
        const start = random(2_000);
        return minutes(start, start + 1 + random(round % 2 === 0 ? 30 : 300));
      };
      const rows = Array.from({ length: 1 + random(120) }, span);
      const logged = Array.from({ length: random(20) }, span);
      expect([...overlapSweep(rows, logged)]).toEqual(rowByRow(rows, logged));
    }
  });
});
