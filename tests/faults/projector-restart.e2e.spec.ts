import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allProjections } from '@nightlight/projector/all-projections';
import { startProjector, type RunningProjector } from '@nightlight/projector/projector-runner';
import { pauseSubscriptionAt } from './support/paused-event-store';
import { digestReadModels, recordingReadStore, snapshotReadStore, type RecordingReadStore } from './support/read-model-hash';
import { appendLaterChanges, buildVariedHistory, type VariedHistory } from './support/varied-history';

/**
 * A projector stopped (or killed) in the middle of its stream and started again from its checkpoint
 * must end with exactly the read models a rebuild from position 0 gives: nothing missed, nothing
 * applied twice in a way that shows.
 */
describe('projector restart from its checkpoint', () => {
  let history: VariedHistory;
  const failures: string[] = [];

  beforeAll(async () => {
    history = await buildVariedHistory();
  });
  afterAll(() => history?.close());

  const project = (readStore: RecordingReadStore, eventStore = history.adapters.eventStore) =>
    startProjector({
      eventStore,
      projections: allProjections,
      context: { readStore, cipher: history.adapters.cipher },
      // The runner logs and skips a failing event; here any failure is a finding.
      onError: (error, event) => failures.push(`${event?.type ?? 'subscription'}: ${String(error)}`),
    });

  const caughtUpToHead = async (projector: RunningProjector) => {
    const head = await history.adapters.eventStore.headPosition();
    expect(await projector.waitFor(head, 20_000)).toBe(true);
  };

  /** A fresh store rebuilt from position 0: the reference every restarted store must equal. */
  const rebuildDigests = async (names: readonly string[]) => {
    const fresh = recordingReadStore();
    const projector = await project(fresh);
    await projector.caughtUp;
    await caughtUpToHead(projector);
    await projector.stop();
    const digests = await digestReadModels(fresh, [...names, ...fresh.names()]);
    // Guard against comparing two empty stores.
    for (const name of ['children', 'timeline', 'daily_insights', 'users']) expect(digests[name]?.count, name).toBeGreaterThan(0);
    return digests;
  };

  it('stopped mid-catch-up and restarted, then fed later corrections, equals a rebuild from 0', async () => {
    const store = recordingReadStore();
    const head = await history.adapters.eventStore.headPosition();
    const paused = pauseSubscriptionAt(history.adapters.eventStore, Math.floor(head * 0.45));
    const first = await project(store, paused.store);
    await paused.paused;
    const stopping = first.stop();
    paused.resume();
    await stopping;
    expect(first.position()).toBeLessThan(head);

    const second = await project(store);
    await second.caughtUp;
    await appendLaterChanges(history);
    await caughtUpToHead(second);
    await second.stop();

    expect(await digestReadModels(store, store.names())).toEqual(await rebuildDigests(store.names()));
    expect(failures).toEqual([]);
  });

  it('killed mid-catch-up (its documents and checkpoint as they were at that instant) and restarted equals a rebuild from 0', async () => {
    const store = recordingReadStore();
    const head = await history.adapters.eventStore.headPosition();
    // Past a checkpoint save (every 5,000 events), so the restart resumes from a stored position with later work half-done.
    const paused = pauseSubscriptionAt(history.adapters.eventStore, Math.floor(head * 0.8));
    const doomed = await project(store, paused.store);
    await paused.paused;
    const crashed = await snapshotReadStore(store);
    const checkpoint = await crashed.collection('checkpoints').findOne({});
    expect(checkpoint?.position, 'a checkpoint was stored before the kill').toBeGreaterThan(0);
    expect(checkpoint?.position).toBeLessThan(head);
    const stopping = doomed.stop();
    paused.resume();
    await stopping;

    const restarted = await project(crashed);
    await restarted.caughtUp;
    await appendLaterChanges(history);
    await caughtUpToHead(restarted);
    await restarted.stop();

    expect(await digestReadModels(crashed, crashed.names())).toEqual(await rebuildDigests(crashed.names()));
    expect(failures).toEqual([]);
  });
});
