import { describe, expect, it } from 'vitest';
import { WrongExpectedRevisionError, type ExpectedRevision, type NewEvent } from '@nightlight/infrastructure/ports/event-store';
import { StreamBatches } from './stream-batches';

/**
 * A stream of numbers in memory; `foreign` numbers are appended by another process just before the
 * second append lands. A turn decides on what the last append left, as the day slots' batches do;
 * `reads` counts the reads of the log.
 */
function numbers(foreign: number[] = []) {
  const stream: number[] = [];
  const appends: { expected: ExpectedRevision; values: number[] }[] = [];
  let last: { state: number[]; length: number } | null = null;
  let reads = 0;
  const batches = new StreamBatches<number[], number>({
    read: async (_streamId, checked) => {
      if (last && !checked) return { ...last, checked: false };
      reads += 1;
      return { state: [...stream], length: stream.length, checked: true };
    },
    evolve: (state, value) => [...state, value],
    append: async (_streamId, events, expected) => {
      if (appends.length === 1) stream.push(...foreign);
      const values = events.map((event) => event.data as number);
      appends.push({ expected, values });
      const actual = stream.length === 0 ? 'no_stream' : stream.length - 1;
      if (actual !== expected) throw new WrongExpectedRevisionError('numbers', expected, actual);
      stream.push(...values);
    },
    appended: (_streamId, state, length) => (last = { state, length }),
    moved: () => (last = null),
  });
  const recorded = (values: number[]): NewEvent[] => values.map((value) => ({ id: String(value), type: 'Added', data: value, metadata: { correlationId: 'c', causationId: 'c', schemaVersion: 1, recordedAt: '' } }));
  /** Adds `value` unless the stream holds it already (then refuses), after the decisions before it. */
  const add = (value: number) =>
    batches.ask(
      'numbers',
      async (state) => {
        if (state.includes(value)) throw new Error(`${value} is there already`);
        return [value];
      },
      recorded,
    );
  return { stream, appends, add, reads: () => reads };
}

describe('decisions on one stream taken in turn', () => {
  it('decides each on what the ones before it leave, refuses only its own, and records the others of a turn in one append', async () => {
    const { stream, appends, add } = numbers();
    const outcomes = await Promise.allSettled([add(1), add(2), add(2), add(3)]);
    expect(outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : (outcome.reason as Error).message))).toEqual(['done', 'done', '2 is there already', 'done']);
    expect(stream).toEqual([1, 2, 3]);
    // The first alone; the three asked while it was being appended together.
    expect(appends).toEqual([
      { expected: 'no_stream', values: [1] },
      { expected: 0, values: [2, 3] },
    ]);
  });

  it('sends every decision of a turn to be asked again when another process moved the stream, and records nothing of it', async () => {
    const { stream, add } = numbers([7]);
    const [first, ...turn] = await Promise.all([add(1), add(2), add(3)]);
    expect(first).toBe('done');
    expect(turn.map((outcome) => outcome instanceof WrongExpectedRevisionError)).toEqual([true, true]);
    expect(stream).toEqual([1, 7]);
    expect(await Promise.all([add(2), add(3)])).toEqual(['done', 'done']);
    expect(stream).toEqual([1, 7, 2, 3]);
  });

  it('decides a turn on what the last append left, reading the log only for the first', async () => {
    const { stream, add, reads } = numbers();
    for (const value of [1, 2, 3, 4]) expect(await add(value)).toBe('done');
    expect(stream).toEqual([1, 2, 3, 4]);
    expect(reads()).toBe(1);
  });

  it('asks a refusal again on the log, where another process may have taken away what was in the way', async () => {
    const { stream, add, reads } = numbers();
    await add(1);
    // Another process rewrites the stream without the 1 (a release, in the day slots' terms).
    stream.splice(0, 1, 5);
    expect(await add(1)).toBe('done');
    expect(reads()).toBe(2);
    expect(stream).toEqual([5, 1]);
    // Refused on the log too: the refusal stands.
    await expect(add(5)).rejects.toThrow('5 is there already');
  });
});
