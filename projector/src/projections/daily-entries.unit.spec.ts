import { describe, expect, it } from 'vitest';
import type { TimelineDocument } from '@nightlight/domain/read-models/timeline/timeline-document';
import { DailyEntries, type DailyInputs } from './daily-entries';

const HOUR = 3_600_000;
const FROM = Date.parse('2026-11-20T00:00:00.000Z');
const diaper = (id: string, hour: number) => ({ _id: id, kind: 'diaper', startedAt: new Date(FROM + hour * HOUR).toISOString(), diaper: { contents: 'wet', color: null } }) as unknown as TimelineDocument;
const ids = (inputs: DailyInputs) => inputs.diapers.map((diaper) => diaper.input.id);

describe("a child's entries kept for daily insights", () => {
  it('reads a span once, then moves each written or deleted entry in or out of it', async () => {
    const entries = new DailyEntries();
    let reads = 0;
    const timeline = async () => ((reads += 1), [diaper('a', 1), diaper('b', 5)]);
    expect(ids(await entries.within('child', FROM, FROM + 24 * HOUR, timeline))).toEqual(['a', 'b']);
    entries.entryWritten('child', 'c', diaper('c', 3));
    entries.entryWritten('child', 'a', null);
    entries.entryWritten('child', 'b', diaper('b', 30));
    expect(ids(await entries.within('child', FROM, FROM + 12 * HOUR, timeline))).toEqual(['c']);
    expect(reads).toBe(1);
    // Outside what is known: read again.
    await entries.within('child', FROM, FROM + 48 * HOUR, timeline);
    expect(reads).toBe(2);
  });

  it('gives each span oldest first however its entries were read, written, moved or deleted', async () => {
    const entries = new DailyEntries();
    const timeline = async () => [diaper('late', 20), diaper('early', 2), diaper('noon', 12)];
    expect(ids(await entries.within('child', FROM, FROM + 24 * HOUR, timeline))).toEqual(['early', 'noon', 'late']);
    entries.entryWritten('child', 'dawn', diaper('dawn', 6));
    entries.entryWritten('child', 'late', diaper('late', 1));
    entries.entryWritten('child', 'first', diaper('first', 0));
    entries.entryWritten('child', 'noon', null);
    expect(ids(await entries.within('child', FROM, FROM + 24 * HOUR, timeline))).toEqual(['first', 'late', 'early', 'dawn']);
    expect(ids(await entries.within('child', FROM + 2 * HOUR, FROM + 7 * HOUR, timeline))).toEqual(['early', 'dawn']);
  });

  it('does not keep a span read while an entry was being written: it may lack that entry', async () => {
    const entries = new DailyEntries();
    let reads = 0;
    const timeline = async () => {
      reads += 1;
      // The projection wrote an entry between the read and its answer.
      if (reads === 1) entries.entryWritten('child', 'late', diaper('late', 2));
      return [diaper('a', 1)];
    };
    await entries.within('child', FROM, FROM + 24 * HOUR, timeline);
    await entries.within('child', FROM, FROM + 24 * HOUR, timeline);
    expect(reads).toBe(2);
  });
});
