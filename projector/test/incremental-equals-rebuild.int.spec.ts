import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENTRY_KIND_NAMES, type EntryKind } from '@nightlight/domain/entries/entry-kinds';
import { computeDailyInsights } from '@nightlight/domain/insights/daily-insights';
import type { DiaperInput, FeedingInput, SleepInput } from '@nightlight/domain/insights/insight-inputs';
import { DAILY_INSIGHTS_COLLECTION, dailyInsightsId } from '@nightlight/domain/read-models/daily-insights/daily-insights-record';
import { addDays, datesInRange, localDateOf } from '@nightlight/domain/time/zoned-time';
import type { Doc } from '@nightlight/infrastructure/ports/read-store';
import { SOLID_AMOUNTS } from '@nightlight/domain/solids/solid-rules';
import {
  deleteEntry,
  diaperEvent,
  entryEvent,
  feedingEvent,
  observedMemoryReadStore,
  pumpingEvent,
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
  // Every kind of entry: a new one fails the type check below until the test writes its events.
  kind: fc.constantFrom(...ENTRY_KIND_NAMES),
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

type Kind = EntryKind;
interface LiveEntry extends EntryRef {
  kind: Kind;
}

/** What the test itself knows was recorded last for an entry, kept apart from every projection. */
type EntryFacts = FeedingInput & SleepInput & { kind: Kind; childId: string; contents: DiaperInput['contents'] };
const CONTENTS = ['wet', 'dirty', 'both', 'dry'] as const;

/** The children and entries the operations leave behind, as the test wrote them. */
interface FinalHistory {
  children: ChildFacts[];
  entries: EntryFacts[];
}

function childFacts(index: number): ChildFacts {
  return { childId: `child-${index}`, ownerId: 'owner-1', displayName: `Child ${index}`, birthDate: '2026-08-15', timezone: ZONES[index]! };
}

/**
 * Appends the events the operations stand for, as the deciders would allow them (nothing more is
 * logged for a removed child); returns the children left and their entries.
 */
async function appendOperations(
  stores: ProjectionStores,
  childCount: number,
  operations: readonly Operation[],
  after: (position: number) => Promise<void>,
): Promise<FinalHistory> {
  const children = Array.from({ length: childCount }, (_, index) => childFacts(index));
  for (const child of children) await after(await registerChild(stores, child));
  const removed = new Set<number>();
  let live: LiveEntry[] = [];
  let next = 0;

  const details = (kind: Kind, at: { day: number; minute: number }, length: number, quarters: number | null) => {
    const start = FIRST_DAY + (at.day * 24 * 60 + at.minute) * 60_000;
    // A diaper change is an instant: it ends when it starts; a pumping session lasts its minutes.
    const minutes = { feeding: length, sleep: length * 12, diaper: 0, pumping: length, solid: 0, medication: 0, temperature: 0, tummyTime: length }[kind];
    return {
      startedAt: new Date(start).toISOString(),
      endedAt: new Date(start + minutes * 60_000).toISOString(),
      amountOz: quarters === null ? null : quarters / 4,
      method: quarters === null ? ('Nursing' as const) : ('Bottle' as const),
    };
  };
  const final = new Map<string, EntryFacts>();
  const write = async (type: 'Logged' | 'Corrected', entry: LiveEntry, at: { day: number; minute: number }, length: number, quarters: number | null) => {
    const { amountOz, method, ...times } = details(entry.kind, at, length, quarters);
    const contents = CONTENTS[length % CONTENTS.length]!;
    final.set(entry.id, { id: entry.id, kind: entry.kind, childId: entry.childId, ...times, amountOz, method, contents });
    switch (entry.kind) {
      case 'feeding':
        return feedingEvent(stores, `Feeding${type}`, entry, { ...times, amountOz, method, type: null, notes: `${method} feeding` });
      case 'sleep':
        return sleepEvent(stores, `Sleep${type}`, entry, { ...times, environment: null, notes: 'Sleep session' });
      case 'diaper':
        return diaperEvent(stores, type === 'Logged' ? 'DiaperChanged' : 'DiaperCorrected', entry, { occurredAt: times.startedAt, contents, color: contents === 'wet' || contents === 'dry' ? null : 'yellow', notes: '' });
      case 'pumping':
        return pumpingEvent(stores, `Pumping${type}`, entry, { startedAt: times.startedAt, durationMinutes: length, leftAmount: quarters, rightAmount: null, unit: 'oz', notes: '' });
      case 'solid':
        return entryEvent(stores, 'solid', type === 'Logged' ? 'logged' : 'corrected', entry, { ...times, details: { food: `Food ${length}`, amount: SOLID_AMOUNTS[length % 4]!, reaction: length % 7 === 0 }, notes: '' });
      case 'medication':
        return entryEvent(stores, 'medication', type === 'Logged' ? 'logged' : 'corrected', entry, { ...times, details: { name: `Medicine ${length}`, dose: length / 2, doseUnit: 'mL' }, notes: '' });
      case 'temperature':
        return entryEvent(stores, 'temperature', type === 'Logged' ? 'logged' : 'corrected', entry, { ...times, details: { temperature: 36 + (length % 50) / 10, unit: 'C', method: 'ear' }, notes: '' });
      case 'tummyTime':
        return entryEvent(stores, 'tummyTime', type === 'Logged' ? 'logged' : 'corrected', entry, { ...times, details: { milestone: length % 3 === 0 ? `Milestone ${length}` : null }, notes: '' });
    }
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
        if (entry) final.delete(entry.id);
        if (entry) await after(await deleteEntry(stores, entry.kind, entry));
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
        for (const [id, entry] of final) if (entry.childId === children[index]!.childId) final.delete(id);
        await after(await removeChild(stores, children[index]!));
        break;
      }
    }
  }
  return { children: children.filter((_, index) => !removed.has(index)), entries: [...final.values()] };
}

/**
 * The daily insights a child's final entries call for, computed from scratch: every local date
 * from two days before the first entry to two days after the last one ends, in the child's final
 * zone and night window, with all of its entries. A date whose document equals that of a date
 * with nothing logged has none. This does not ask which dates an event touches, so a date the
 * projection failed to update shows up here.
 */
function expectedDailyInsights({ children, entries }: FinalHistory): Doc[] {
  return children
    .flatMap((child) => {
      const schedule = { timezone: child.timezone, nightWindowStart: child.nightWindowStart ?? '19:00', nightWindowEnd: child.nightWindowEnd ?? '08:00' };
      const own = entries.filter((entry) => entry.childId === child.childId);
      if (own.length === 0) return [];
      const feedings = own.filter((entry) => entry.kind === 'feeding');
      const sleeps = own.filter((entry) => entry.kind === 'sleep');
      const diapers = own.filter((entry) => entry.kind === 'diaper').map((entry) => ({ ...entry, occurredAt: entry.startedAt }));
      const first = own.map((entry) => localDateOf(entry.startedAt, child.timezone)).sort()[0]!;
      const last = own.map((entry) => localDateOf(entry.endedAt, child.timezone)).sort().at(-1)!;
      return datesInRange(addDays(first, -2), addDays(last, 2)).flatMap((date) => {
        const doc = computeDailyInsights(date, feedings, sleeps, schedule, diapers);
        if (JSON.stringify(doc) === JSON.stringify(computeDailyInsights(date, [], [], schedule))) return [];
        return [{ _id: dailyInsightsId(child.childId, date), childId: child.childId, ownerId: child.ownerId, ...doc }];
      });
    })
    .sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
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
          const final = await appendOperations(stores, childCount, operations, async (position) => {
            expect(await projector.waitFor(position, 5_000)).toBe(true);
          });
          await projector.stop();

          const rebuilt = await projectFromStart(stores);
          const liveDocs = await snapshotOf(liveStore);
          expect(liveDocs.children ?? []).toHaveLength(final.children.length);
          expect((liveDocs.timeline ?? []).map((doc) => doc._id).sort()).toEqual(final.entries.map((entry) => entry.id).sort());
          // Both projectors could miss the same date; the reference computed from the final history cannot.
          expect(liveDocs[DAILY_INSIGHTS_COLLECTION] ?? []).toEqual(expectedDailyInsights(final));
          expect(liveDocs).toEqual(await snapshotOf(rebuilt));
        } finally {
          await stores.close();
        }
      }),
      { numRuns: 25 },
    );
  }, 60_000);
});
