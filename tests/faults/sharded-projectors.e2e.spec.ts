import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allProjections } from '@nightlight/projector/all-projections';
import { shardOf, startProjector, type Shard } from '@nightlight/projector/projector-runner';
import { digestReadModels, recordingReadStore, type RecordingReadStore } from './support/read-model-hash';
import { appendLaterChanges, buildVariedHistory, type VariedHistory } from './support/varied-history';

/**
 * Two projector workers splitting children by shard (0/2 and 1/2) over one event log, writing into
 * one shared read store, must build exactly what a single worker (0/1) builds.
 */
describe('sharded projector workers', () => {
  let history: VariedHistory;
  const failures: string[] = [];

  beforeAll(async () => {
    history = await buildVariedHistory({ generatedChildren: 8, eventsPerChild: 600 });
  });
  afterAll(() => history?.close());

  async function runWorkers(store: RecordingReadStore, shards: Shard[], between: () => Promise<void>) {
    const workers = await Promise.all(
      shards.map((shard) =>
        startProjector({
          eventStore: history.adapters.eventStore,
          projections: allProjections,
          context: { readStore: store, cipher: history.adapters.cipher },
          shard,
          onError: (error, event) => failures.push(`${shard.index}/${shard.count} ${event?.type ?? 'subscription'}: ${String(error)}`),
        }),
      ),
    );
    await Promise.all(workers.map((worker) => worker.caughtUp));
    // Live delivery too, not only the catch-up: later corrections, deletions and a new family.
    await between();
    const head = await history.adapters.eventStore.headPosition();
    for (const worker of workers) expect(await worker.waitFor(head, 20_000)).toBe(true);
    await Promise.all(workers.map((worker) => worker.stop()));
  }

  it('two shards into one store equal one worker', async () => {
    const sharded = recordingReadStore();
    await runWorkers(sharded, [{ index: 0, count: 2 }, { index: 1, count: 2 }], () => appendLaterChanges(history));
    const single = recordingReadStore();
    await runWorkers(single, [{ index: 0, count: 1 }], async () => undefined);

    const names = [...sharded.names(), ...single.names()];
    const expected = await digestReadModels(single, names);
    for (const name of ['children', 'timeline', 'daily_insights', 'users']) expect(expected[name]?.count, name).toBeGreaterThan(0);
    expect(await digestReadModels(sharded, names)).toEqual(expected);
    // Both workers had children of their own, so the split was really exercised.
    const children = await single.collection('children').find({});
    expect(new Set(children.map((child) => shardOf(child._id, 2)))).toEqual(new Set([0, 1]));
    // Each shard keeps its own checkpoint.
    const checkpoints = await sharded.collection('checkpoints').find({}, { sort: { _id: 1 } });
    expect(checkpoints.map((doc) => doc._id)).toEqual(['projector/0-of-2', 'projector/1-of-2']);
    expect(failures).toEqual([]);
  });
});
