import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  deleteFeeding,
  deleteSleep,
  feedingEvent,
  observedMemoryReadStore,
  openProjectionStores,
  projectFromStart,
  registerChild,
  removeChild,
  sleepEvent,
  snapshotOf,
  startAllProjections,
  updateChild,
  type ChildFacts,
  type EntryRef,
  type ProjectionStores,
} from './support/projection-harness';

/**
 * Live projection updates only the dates an event touches (and, after a schedule change, re-derives
 * the child); a rebuild computes everything once per batch. Both must end with the same documents.
 */

// Four days around the end of daylight saving time in New York (1 November 2026).
const FIRST_DAY = Date.parse('2026-10-30T00:00:00.000Z');
const ZONES = ['America/New_York', 'UTC', 'Pacific/Honolulu', 'Asia/Kolkata'];
const NIGHT_WINDOWS = [
  { nightWindowStart: '19:00', nightWindowEnd: '08:00' },
  { nightWindowStart: '20:30', nightWindowEnd: '06:30' },
  { nightWindowStart: '18:00', nightWindowEnd: '09:15' },
];

const when = fc.record({ day: fc.nat(3), minute: fc.nat(24 * 60 - 1) });
const logOrCorrect = {
  kind: fc.constantFrom('feeding' as const, 'sleep' as const),
  when,
  // Up to 120 minutes for a feeding, up to 1440 for a sleep (scaled when applied).
  length: fc.integer({ min: 1, max: 120 }),
  quarters: fc.option(fc.nat(24), { nil: null }),
};
const operation = fc.oneof(
  { weight: 5, arbitrary: fc.record({ op: fc.constant('log' as const), child: fc.nat(1), ...logOrCorrect }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('correct' as const), pick: fc.nat(), when, length: logOrCorrect.length, quarters: logOrCorrect.quarters }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('profile' as const), child: fc.nat(1), zone: fc.constantFrom(...ZONES), window: fc.constantFrom(...NIGHT_WINDOWS) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('remove' as const), child: fc.nat(1) }) },
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

interface LiveEntry extends EntryRef {
  kind: 'feeding' | 'sleep';
}

function childFacts(index: number): ChildFacts {
  return { childId: `child-${index}`, ownerId: 'owner-1', displayName: `Child ${index}`, birthDate: '2026-08-15', timezone: ZONES[index]! };
}

/**
 * Appends the events the operations stand for, as the deciders would allow them (nothing more is
 * logged for a removed child); returns how many children are left.
 */
async function appendOperations(stores: ProjectionStores, childCount: number, operations: readonly Operation[], after: (position: number) => Promise<void>) {
  const children = Array.from({ length: childCount }, (_, index) => childFacts(index));
  for (const child of children) await after(await registerChild(stores, child));
  const removed = new Set<number>();
  let live: LiveEntry[] = [];
  let next = 0;

  const details = (kind: 'feeding' | 'sleep', at: { day: number; minute: number }, length: number, quarters: number | null) => {
    const start = FIRST_DAY + (at.day * 24 * 60 + at.minute) * 60_000;
    const minutes = kind === 'feeding' ? length : length * 12;
    return {
      startedAt: new Date(start).toISOString(),
      endedAt: new Date(start + minutes * 60_000).toISOString(),
      amountOz: quarters === null ? null : quarters / 4,
      method: quarters === null ? ('Nursing' as const) : ('Bottle' as const),
    };
  };
  const write = async (type: 'Logged' | 'Corrected', entry: LiveEntry, at: { day: number; minute: number }, length: number, quarters: number | null) => {
    const { amountOz, method, ...times } = details(entry.kind, at, length, quarters);
    if (entry.kind === 'feeding') return feedingEvent(stores, `Feeding${type}`, entry, { ...times, amountOz, method, type: null, notes: `${method} feeding` });
    return sleepEvent(stores, `Sleep${type}`, entry, { ...times, environment: null, notes: 'Sleep session' });
  };

  for (const operation of operations) {
    switch (operation.op) {
      case 'log': {
        if (removed.has(operation.child % childCount)) break;
        const child = children[operation.child % childCount]!;
        next += 1;
        const entry: LiveEntry = { id: `${operation.kind}-${next}`, kind: operation.kind, childId: child.childId, ownerId: child.ownerId };
        live.push(entry);
        await after(await write('Logged', entry, operation.when, operation.length, operation.quarters));
        break;
      }
      case 'correct': {
        const entry = live[operation.pick % Math.max(1, live.length)];
        if (entry) await after(await write('Corrected', entry, operation.when, operation.length, operation.quarters));
        break;
      }
      case 'delete': {
        const [entry] = live.splice(operation.pick % Math.max(1, live.length), 1);
        if (entry) await after(await (entry.kind === 'feeding' ? deleteFeeding(stores, entry) : deleteSleep(stores, entry)));
        break;
      }
      case 'profile': {
        const index = operation.child % childCount;
        if (removed.has(index)) break;
        children[index] = { ...children[index]!, timezone: operation.zone, ...operation.window };
        await after(await updateChild(stores, children[index]!));
        break;
      }
      case 'remove': {
        const index = operation.child % childCount;
        if (removed.has(index)) break;
        removed.add(index);
        live = live.filter((entry) => entry.childId !== children[index]!.childId);
        await after(await removeChild(stores, children[index]!));
        break;
      }
    }
  }
  return childCount - removed.size;
}

describe('incremental projection and rebuild', () => {
  it('build the same documents from any history of logs, corrections, deletions, schedule changes and removals', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 2 }), fc.array(operation, { minLength: 1, maxLength: 14 }), async (childCount, operations) => {
        const stores = await openProjectionStores();
        try {
          const liveStore = observedMemoryReadStore();
          const projector = await startAllProjections(stores, liveStore);
          await projector.caughtUp;
          const childrenLeft = await appendOperations(stores, childCount, operations, async (position) => {
            expect(await projector.waitFor(position, 5_000)).toBe(true);
          });
          await projector.stop();

          const rebuilt = await projectFromStart(stores);
          const liveDocs = await snapshotOf(liveStore);
          expect(liveDocs.children ?? []).toHaveLength(childrenLeft);
          expect(liveDocs).toEqual(await snapshotOf(rebuilt));
        } finally {
          await stores.close();
        }
      }),
      { numRuns: 25 },
    );
  }, 60_000);
});
