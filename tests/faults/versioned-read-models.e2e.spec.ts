import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadStore } from '@nightlight/infrastructure/ports/read-store';
import { followLiveReadModels, type LiveReadModels } from '@nightlight/infrastructure/read-store/live-read-models';
import { createMemoryReadStore } from '@nightlight/infrastructure/read-store/memory-read-store';
import { createPostgresReadStore } from '@nightlight/infrastructure/read-store/postgres-read-store';
import { allProjections } from '@nightlight/projector/all-projections';
import type { Projection } from '@nightlight/projector/projection';
import { startProjector, type Shard } from '@nightlight/projector/projector-runner';
import { readModelVersion } from '@nightlight/projector/read-model-version';
import { startVersionedReadModels, type VersionedReadModels } from '@nightlight/projector/versioned-read-models';
import { projections as projectionsWithTimelineV2 } from '../api/support/timeline-v2.projections';
import { postgresDatabase } from '../contracts/reachability';
import { digestReadModels, recordingReadStore, type RecordingReadStore } from './support/read-model-hash';
import { appendLaterChanges, buildVariedHistory, type VariedHistory } from './support/varied-history';

const SHARDS: Shard[] = [
  { index: 0, count: 2 },
  { index: 1, count: 2 },
];

/**
 * The full stack's read models are versioned in one store (PostgreSQL or MongoDB there; here the
 * memory store, and PostgreSQL where it runs, shared by two projector shards and the readers, as
 * the server is by their processes). A deploy that changes a projection builds the new version
 * beside the live one; readers move in one step.
 */
const postgres = postgresDatabase("the full stack's read models on PostgreSQL, rebuilt beside the live version");
const stores: { name: string; open(): Promise<ReadStore> }[] = [{ name: 'the memory store', open: async () => createMemoryReadStore() }];
if (postgres) stores.push({ name: 'PostgreSQL', open: () => createPostgresReadStore({ connectionString: postgres.url() }) });

describe.each(stores)("the full stack's read models on $name, rebuilt beside the live version", ({ open }) => {
  let history: VariedHistory;
  let store: RecordingReadStore;
  let readers: LiveReadModels;
  const failures: string[] = [];

  beforeAll(async () => {
    history = await buildVariedHistory({ generatedChildren: 6, eventsPerChild: 300 });
    store = recordingReadStore(await open());
    readers = await followLiveReadModels(store, 20);
  });
  afterAll(async () => {
    await readers?.close();
    await history?.close();
  });

  function startWorkers(projections: readonly Projection[], rebuildStarts?: Promise<void>): Promise<VersionedReadModels[]> {
    return Promise.all(
      SHARDS.map((shard) =>
        startVersionedReadModels({
          store,
          eventStore: history.adapters.eventStore,
          projections,
          cipher: history.adapters.cipher,
          shard,
          rebuildStarts,
          retiredKeptMs: 0,
          pollMs: 20,
          onError: (error, event) => failures.push(`${shard.index}/${shard.count} ${event?.type ?? '-'}: ${String(error)}`),
        }),
      ),
    );
  }

  /** What one worker builds from position 0 into a store of its own: what the readers must see. */
  async function fromScratch(projections: readonly Projection[]): Promise<{ names: string[]; digest: Awaited<ReturnType<typeof digestReadModels>> }> {
    const single = recordingReadStore();
    const worker = await startProjector({ eventStore: history.adapters.eventStore, projections, context: { readStore: single, cipher: history.adapters.cipher } });
    await worker.caughtUp;
    await worker.stop();
    return { names: single.names(), digest: await digestReadModels(single, single.names()) };
  }

  async function untilReadersRead(version: string | null): Promise<void> {
    await expect.poll(() => readers.version(), { timeout: 5000, interval: 10 }).toBe(version);
  }

  it('takes over the read models from before versions: they answer until every shard has built version 1, then are dropped', async () => {
    // Workers of the build before versions wrote plain collection names.
    const unversioned = await Promise.all(
      SHARDS.map((shard) => startProjector({ eventStore: history.adapters.eventStore, projections: allProjections, context: { readStore: store, cipher: history.adapters.cipher }, shard })),
    );
    await Promise.all(unversioned.map((worker) => worker.caughtUp));
    await Promise.all(unversioned.map((worker) => worker.stop()));
    const childrenBefore = await readers.collection('children').countDocuments({});
    expect(childrenBefore).toBeGreaterThan(0);

    let release!: () => void;
    const workers = await startWorkers(allProjections, new Promise<void>((resolve) => (release = resolve)));
    expect(workers[0]!.rebuild()).toMatchObject({ version: readModelVersion(allProjections), position: 0 });
    // Held back: readers go on with the plain collections, which the workers keep up to date.
    await appendLaterChanges(history);
    const head = await history.adapters.eventStore.headPosition();
    for (const worker of workers) expect(await worker.projector.waitFor(head, 10_000)).toBe(true);
    expect(readers.version()).toBeNull();
    expect(await readers.collection('children').countDocuments({})).toBe(childrenBefore + 1);

    release();
    await Promise.all(workers.map((worker) => worker.rebuilt));
    await untilReadersRead(readModelVersion(allProjections));
    expect(workers.map((worker) => worker.rebuild())).toEqual([null, null]);
    const expected = await fromScratch(allProjections);
    expect(await digestReadModels(readers, expected.names)).toEqual(expected.digest);
    // The plain collections are gone: nothing personal stays behind in them.
    for (const name of ['children', 'users', 'memberships', 'timeline', 'checkpoints']) expect(await store.collection(name).countDocuments({}), name).toBe(0);
    await Promise.all(workers.map((worker) => worker.close()));
    expect(failures).toEqual([]);
  });

  it('rebuilds a changed projection beside the live version, which answers until the switch, then drops the old version', async () => {
    const v1 = readModelVersion(allProjections);
    const v2 = readModelVersion(projectionsWithTimelineV2);
    expect(v2).not.toBe(v1);
    let release!: () => void;
    const workers = await startWorkers(projectionsWithTimelineV2, new Promise<void>((resolve) => (release = resolve)));
    const feedingsBefore = await readers.collection('timeline').countDocuments({});

    // A write during the rebuild reaches the version readers use.
    await appendLaterChanges(history);
    const head = await history.adapters.eventStore.headPosition();
    for (const worker of workers) expect(await worker.projector.waitFor(head, 10_000)).toBe(true);
    expect(readers.version()).toBe(v1);
    expect(await readers.collection('timeline').countDocuments({})).toBeGreaterThan(feedingsBefore);
    // Version 1 is kept up by this build's projections, so version 2's new read model holds the
    // events since the deploy there; the whole history is in it only once version 2 answers.
    const expected = await fromScratch(projectionsWithTimelineV2);
    const allTimelineEvents = expected.digest['timeline_events']!.count;
    expect(await readers.collection('timeline_events').countDocuments({})).toBeLessThan(allTimelineEvents);

    release();
    await Promise.all(workers.map((worker) => worker.rebuilt));
    await untilReadersRead(v2);
    expect(await readers.collection('timeline_events').countDocuments({})).toBe(allTimelineEvents);
    expect(await digestReadModels(readers, expected.names)).toEqual(expected.digest);
    expect(await store.collection(`v${v1}.timeline`).countDocuments({})).toBe(0);
    expect(await store.collection(`v${v2}.timeline`).countDocuments({})).toBeGreaterThan(0);

    // A restart of the same build resumes the live version: no rebuild.
    await Promise.all(workers.map((worker) => worker.close()));
    const restarted = await startWorkers(projectionsWithTimelineV2);
    expect(restarted.map((worker) => worker.rebuild())).toEqual([null, null]);
    await Promise.all(restarted.map((worker) => worker.projector.caughtUp));
    expect(await digestReadModels(readers, expected.names)).toEqual(expected.digest);
    await Promise.all(restarted.map((worker) => worker.close()));
    expect(failures).toEqual([]);
  });

  it('moves readers only once every shard has built its part', async () => {
    const live = readers.version();
    const growthV2 = projectionsWithTimelineV2.map((projection) => (projection.name === 'growth' ? { ...projection, version: 2 } : projection));
    const start = (shard: Shard) =>
      startVersionedReadModels({ store, eventStore: history.adapters.eventStore, projections: growthV2, cipher: history.adapters.cipher, shard, retiredKeptMs: 0, pollMs: 20 });

    const first = await start(SHARDS[0]!);
    const head = await history.adapters.eventStore.headPosition();
    await expect.poll(() => first.rebuild()?.position ?? 0, { timeout: 30_000 }).toBe(head);
    // Shard 0 has built its part and waits, looking every 20 ms: the pointer stays where it was.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(first.rebuild()).not.toBeNull();
    expect(readers.version()).toBe(live);

    const second = await start(SHARDS[1]!);
    await Promise.all([first.rebuilt, second.rebuilt]);
    await untilReadersRead(readModelVersion(growthV2));
    await Promise.all([first.close(), second.close()]);
  });
});
