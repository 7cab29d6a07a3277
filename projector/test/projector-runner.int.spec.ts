import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReadStoreUnavailableError, type Collection, type Doc, type ReadStore } from '@nightlight/infrastructure/ports/read-store';
import type { EventStore, RecordedEvent } from '@nightlight/infrastructure/ports/event-store';
import { allProjections } from '../src/all-projections';
import { startProjector } from '../src/projector-runner';
import type { Projection } from '../src/projection';
import {
  feedingEvent,
  observedMemoryReadStore,
  openProjectionStores,
  projectFromStart,
  registerChild,
  snapshotOf,
  type ObservedReadStore,
  type ProjectionStores,
} from './support/projection-harness';

let stores: ProjectionStores;
beforeEach(async () => {
  stores = await openProjectionStores();
  await registerChild(stores, { childId: 'c1', ownerId: 'o1', displayName: 'Ada', birthDate: '2026-08-01', timezone: 'UTC' });
});
afterEach(() => stores.close());

const feed = (id: string, startedAt: string) =>
  feedingEvent(stores, 'FeedingLogged', { id, childId: 'c1', ownerId: 'o1' }, {
    startedAt,
    endedAt: new Date(Date.parse(startedAt) + 10 * 60_000).toISOString(),
    amountOz: 3,
    method: 'Bottle',
    type: null,
    notes: 'x',
  });

/** A read store whose collections run `before` ahead of every call of the named methods. */
function intercepted(inner: ObservedReadStore, before: (collection: string, method: string) => Promise<void>): ReadStore {
  return {
    ...inner,
    collection<T extends Doc>(name: string): Collection<T> {
      const collection = inner.collection<T>(name);
      return new Proxy(collection, {
        get(target, method: keyof Collection) {
          const original = target[method] as (...args: unknown[]) => Promise<unknown>;
          return async (...args: unknown[]) => {
            await before(name, method);
            return original.apply(target, args);
          };
        },
      });
    },
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the projector runner', () => {
  it('applies in full an event that arrives while the catch-up work settles', async () => {
    await feed('f1', '2026-11-01T10:00:00.000Z');
    const inner = observedMemoryReadStore();
    // Timeline reads as slow as a remote store's, so the settling of daily insights takes a while.
    const slow = intercepted(inner, async (collection, method) => {
      if (collection === 'timeline' && method === 'find') await pause(50);
    });
    let lateWrite: Promise<number> | undefined;
    const eventStore: EventStore = {
      ...stores.eventStore,
      subscribeToAll(options) {
        return stores.eventStore.subscribeToAll({
          ...options,
          onCaughtUp() {
            options.onCaughtUp?.();
            lateWrite = feed('f2', '2026-11-03T10:00:00.000Z');
          },
        });
      },
    };
    const projector = await startProjector({ eventStore, projections: allProjections, context: { readStore: slow, cipher: stores.cipher } });
    await projector.caughtUp;
    expect(await projector.waitFor(await lateWrite!, 5000)).toBe(true);
    await projector.stop();

    const live = await snapshotOf(inner);
    expect(live['daily_insights']?.map((doc) => doc._id)).toEqual(['c1:2026-11-01', 'c1:2026-11-03']);
    expect(live).toEqual(await snapshotOf(await projectFromStart(stores)));
  });

  it('settles once per 5,000 events while catching up, however far apart their positions are', async () => {
    for (let day = 1; day <= 20; day += 1) await feed(`f${day}`, `2026-10-${String(day).padStart(2, '0')}T10:00:00.000Z`);
    // Positions as PostgreSQL's log gives them: one transaction id apart, times 4096.
    const spread = (event: RecordedEvent): RecordedEvent => ({ ...event, position: event.position * 4096 });
    const eventStore: EventStore = {
      ...stores.eventStore,
      headPosition: async () => (await stores.eventStore.headPosition()) * 4096,
      subscribeToAll: (options) => stores.eventStore.subscribeToAll({ ...options, fromPosition: options.fromPosition / 4096, onEvent: (event) => options.onEvent(spread(event)) }),
    };
    const inner = observedMemoryReadStore();
    let commits = 0;
    const counted: ReadStore = { ...inner, commit: async () => void (commits += 1) };
    const projector = await startProjector({ eventStore, projections: allProjections, context: { readStore: counted, cipher: stores.cipher } });
    await projector.caughtUp;
    await projector.stop();

    // One settlement, once caught up: not one every event or two.
    expect(commits).toBe(1);
    expect(projector.position()).toBe((await stores.eventStore.headPosition()) * 4096);
  });

  it('waits out a read store that cannot be reached, then applies every event once it can', async () => {
    await feed('f1', '2026-11-01T10:00:00.000Z');
    await feed('f2', '2026-11-02T10:00:00.000Z');
    const inner = observedMemoryReadStore();
    let outage = true;
    // The outage begins after start-up: writing the first timeline entry fails until it ends.
    const flaky = intercepted(inner, async (collection, method) => {
      if (outage && collection === 'timeline' && method === 'replaceOne') throw new ReadStoreUnavailableError('connection refused');
    });
    const stalls: string[] = [];
    const errors: unknown[] = [];
    const projector = await startProjector({
      eventStore: stores.eventStore,
      projections: allProjections,
      context: { readStore: flaky, cipher: stores.cipher },
      onStall: (_error, event) => stalls.push(event?.type ?? 'checkpoint'),
      onError: (error) => errors.push(error),
    });

    await expect.poll(() => stalls.length).toBeGreaterThanOrEqual(2);
    expect(projector.stalledSince()).toBeInstanceOf(Date);
    expect(stalls[0]).toBe('FeedingLogged');
    outage = false;
    await projector.caughtUp;
    await projector.stop();

    expect(projector.stalledSince()).toBeNull();
    expect(errors).toEqual([]);
    expect(await snapshotOf(inner)).toEqual(await snapshotOf(await projectFromStart(stores)));
  });

  it('reports a projection that fails on an event and keeps the others current', async () => {
    const position = await feed('f1', '2026-11-01T10:00:00.000Z');
    const broken: Projection = {
      name: 'broken',
      handles: new Set(['FeedingLogged']),
      apply: async () => {
        throw new TypeError('a bug');
      },
    };
    const errors: string[] = [];
    const readStore = observedMemoryReadStore();
    const projector = await startProjector({
      eventStore: stores.eventStore,
      projections: [...allProjections, broken],
      context: { readStore, cipher: stores.cipher },
      onError: (error, event) => errors.push(`${event?.type}: ${String(error)}`),
    });
    await projector.caughtUp;
    await projector.stop();

    expect(errors).toEqual(['FeedingLogged: TypeError: a bug']);
    expect(projector.position()).toBe(position);
    expect(await snapshotOf(readStore)).toEqual(await snapshotOf(await projectFromStart(stores)));
  });
});
