import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@nightlight/infrastructure/ports/event-store';
import { allProjections } from '../src/all-projections';
import type { ProjectionContext } from '../src/projection';
import {
  deleteDiaper,
  deleteFeeding,
  diaperEvent,
  deleteSleep,
  feedingEvent,
  openProjectionStores,
  projectFromStart,
  registerChild,
  sleepEvent,
  snapshotOf,
  type ObservedReadStore,
  type ProjectionStores,
} from './support/projection-harness';

let stores: ProjectionStores;
beforeEach(async () => {
  stores = await openProjectionStores();
  await registerChild(stores, mia);
});
afterEach(() => stores.close());

const mia = { childId: 'child-mia', ownerId: 'owner-1', displayName: 'Mia', birthDate: '2026-09-01', timezone: 'America/New_York' };
const feeding = { id: 'feeding-1', childId: 'child-mia', ownerId: 'owner-1' };
const nap = { id: 'sleep-1', childId: 'child-mia', ownerId: 'owner-1' };
// 21:30 on 20 November in New York (EST, UTC-5).
const lateBottle = {
  startedAt: '2026-11-21T02:30:00.000Z',
  endedAt: '2026-11-21T02:50:00.000Z',
  amountOz: 4.25,
  method: 'Bottle' as const,
  type: 'Formula' as const,
  notes: 'before bed',
};

async function all(readStore: ObservedReadStore, name: string) {
  return readStore.collection(name).find({}, { sort: { _id: 1 } });
}

describe('timeline projection', () => {
  it('given diaper changes, then instants on the timeline and the counts of their local dates; a correction and a delete move them', async () => {
    const wet = { id: 'diaper-1', childId: 'child-mia', ownerId: 'owner-1' };
    const both = { id: 'diaper-2', childId: 'child-mia', ownerId: 'owner-1' };
    // 23:45 on 20 November in New York, and 07:10 on the 21st.
    await diaperEvent(stores, 'DiaperChanged', wet, { occurredAt: '2026-11-21T04:45:00.000Z', contents: 'wet', color: null, notes: '' });
    const position = await diaperEvent(stores, 'DiaperChanged', both, { occurredAt: '2026-11-21T12:10:00.000Z', contents: 'both', color: 'green', notes: 'blowout' });
    let readStore = await projectFromStart(stores);
    const [, second] = await all(readStore, 'timeline');
    expect(second).toMatchObject({
      _id: 'diaper-2',
      kind: 'diaper',
      startedAt: '2026-11-21T12:10:00.000Z',
      endedAt: '2026-11-21T12:10:00.000Z',
      localDate: '2026-11-21',
      diaper: { contents: 'both', color: 'green' },
      entry: { id: 'diaper-2', datetime: '2026-11-21T07:10', type: 'Diaper', icon: '💩', amount: 'Wet + dirty · green', duration: '-', status: 'completed' },
      position,
    });
    const counts = async () => Object.fromEntries((await all(readStore, 'daily_insights')).map((doc) => [doc['date'], doc['diapers']]));
    expect(await counts()).toEqual({
      '2026-11-20': { changeCount: 1, wetCount: 1, dirtyCount: 0 },
      '2026-11-21': { changeCount: 1, wetCount: 1, dirtyCount: 1 },
    });

    await diaperEvent(stores, 'DiaperCorrected', wet, { occurredAt: '2026-11-21T13:00:00.000Z', contents: 'dry', color: null, notes: '' });
    await deleteDiaper(stores, both);
    readStore = await projectFromStart(stores);
    expect(await counts()).toEqual({ '2026-11-21': { changeCount: 1, wetCount: 0, dirtyCount: 0 } });
  });

  it('given FeedingLogged, then a timeline document in the child\'s zone and that date\'s insights', async () => {
    const position = await feedingEvent(stores, 'FeedingLogged', feeding, lateBottle);
    const readStore = await projectFromStart(stores);
    expect(await all(readStore, 'timeline')).toEqual([
      {
        _id: 'feeding-1',
        kind: 'feeding',
        childId: 'child-mia',
        ownerId: 'owner-1',
        startedAt: '2026-11-21T02:30:00.000Z',
        endedAt: '2026-11-21T02:50:00.000Z',
        localDate: '2026-11-20',
        // A kind's own details, in their own part of the document: no other kind's fields.
        feeding: { amountOz: 4.25, enteredAmount: { value: 4.25, unit: 'oz' }, method: 'Bottle', type: 'Formula', sides: null },
        sealedNotes: expect.stringMatching(/^v1\./),
        entry: { id: 'feeding-1', datetime: '2026-11-20T21:30', type: 'Feeding', icon: '🍼', amount: '4.25 oz', duration: '20m', status: 'completed' },
        position,
        // When it was recorded: the history's first line.
        loggedAt: '2026-11-22T12:00:00.000Z',
      },
    ]);
    // The read model never holds the notes in the clear: only their owner's key opens them.
    const [doc] = await all(readStore, 'timeline');
    expect(await stores.cipher.open('owner-1', doc!.sealedNotes as string)).toBe('before bed');
    expect(await all(readStore, 'daily_insights')).toEqual([
      {
        _id: 'child-mia:2026-11-20',
        childId: 'child-mia',
        ownerId: 'owner-1',
        date: '2026-11-20',
        feeding: {
          feedCount: 1,
          totalOz24h: 4.25,
          amountCount: 1,
          avgIntervalMins: null,
          shortGapSumMins: 0,
          shortGapCount: 0,
          firstFeedAt: '2026-11-21T02:30:00.000Z',
          lastFeed: { timeISO: '2026-11-21T02:30:00.000Z', amountOz: 4.25, method: 'Bottle' },
        },
        sleep: {
          napCount: 0,
          totalDayMins: 0,
          naps: [],
          totalNightMins: 0,
          longestNightStretchMins: null,
          firstNightStretchMins: null,
          bedtime: null,
          bedtimeMinutesFromMidnight: null,
          lastFeedBeforeNight: null,
          calendarDaySleepMins: 0,
        },
        diapers: { changeCount: 0, wetCount: 0, dirtyCount: 0 },
      },
    ]);
  });

  it('given FeedingCorrected to the next morning, then the entry and the insights move to that date', async () => {
    await feedingEvent(stores, 'FeedingLogged', feeding, lateBottle);
    const position = await feedingEvent(stores, 'FeedingCorrected', feeding, {
      ...lateBottle,
      startedAt: '2026-11-21T13:00:00.000Z',
      endedAt: '2026-11-21T13:30:00.000Z',
      amountOz: 3.5,
      notes: 'morning bottle',
    });
    const readStore = await projectFromStart(stores);
    const [doc] = await all(readStore, 'timeline');
    expect(doc).toMatchObject({
      localDate: '2026-11-21',
      feeding: { amountOz: 3.5 },
      entry: { datetime: '2026-11-21T08:00', amount: '3.5 oz', duration: '30m' },
      position,
    });
    expect(await stores.cipher.open('owner-1', doc!.sealedNotes as string)).toBe('morning bottle');
    const daily = await all(readStore, 'daily_insights');
    expect(daily.map((d) => [d._id, (d.feeding as { totalOz24h: number }).totalOz24h])).toEqual([['child-mia:2026-11-21', 3.5]]);
  });

  it('given FeedingDeleted, then no entry and no insights left, and its history kept for a restore', async () => {
    await feedingEvent(stores, 'FeedingLogged', feeding, lateBottle);
    await deleteFeeding(stores, feeding);
    expect(await snapshotOf(await projectFromStart(stores))).toEqual({
      children: expect.any(Array),
      memberships: expect.any(Array),
      'entry-history': [
        {
          _id: 'feeding-1',
          childId: 'child-mia',
          logged: { by: 'owner-1', at: '2026-11-22T12:00:00.000Z' },
          changes: [{ action: 'deleted', by: 'owner-1', at: '2026-11-22T12:00:00.000Z', changed: [] }],
        },
      ],
    });
  });

  it('given FeedingRestored, then the entry as it was, logged when it was first logged', async () => {
    await feedingEvent(stores, 'FeedingLogged', feeding, lateBottle);
    const before = await all(await projectFromStart(stores), 'timeline');
    await deleteFeeding(stores, feeding);
    await feedingEvent(stores, 'FeedingRestored', feeding, lateBottle);
    const readStore = await projectFromStart(stores);
    const [restored] = await all(readStore, 'timeline');
    expect({ ...restored, sealedNotes: null, position: null }).toEqual({ ...before[0], sealedNotes: null, position: null });
    expect((await all(readStore, 'daily_insights')).map((day) => day.date)).toEqual(['2026-11-20']);
    const [history] = await all(readStore, 'entry-history');
    expect(history!.changes).toEqual([
      { action: 'deleted', by: 'owner-1', at: '2026-11-22T12:00:00.000Z', changed: [] },
      { action: 'restored', by: 'owner-1', at: '2026-11-22T12:00:00.000Z', changed: [] },
    ]);
  });

  it('given SleepLogged with a sleep-sack tag, then the tag kept sealed beside its TOG rating', async () => {
    await sleepEvent(stores, 'SleepLogged', nap, {
      startedAt: '2026-11-20T17:00:00.000Z',
      endedAt: '2026-11-20T18:05:00.000Z',
      environment: { roomTemp: 68, whiteNoise: true, sleepSackTag: 'the one Josephine knitted, 1.0 TOG' },
      notes: 'Sleep session',
    });
    const [doc] = await all(await projectFromStart(stores), 'timeline');
    const { environment } = doc!.sleep as { environment: { sleepSackTag: string } };
    expect(environment).toEqual({ roomTemp: 68, whiteNoise: true, sleepSackTag: expect.stringMatching(/^v1\./), sleepSackTog: 1 });
    expect(JSON.stringify(doc)).not.toContain('Josephine');
    expect(await stores.cipher.open('owner-1', environment.sleepSackTag)).toBe('the one Josephine knitted, 1.0 TOG');
  });

  it('given SleepLogged and SleepCorrected, then the sleep entry with its environment and default notes', async () => {
    await sleepEvent(stores, 'SleepLogged', nap, {
      startedAt: '2026-11-20T17:00:00.000Z',
      endedAt: '2026-11-20T18:05:00.000Z',
      environment: { roomTemp: 68, whiteNoise: true, sleepSackTag: 'TOG 1.0' },
      notes: 'Sleep session',
    });
    await sleepEvent(stores, 'SleepCorrected', nap, {
      startedAt: '2026-11-20T17:00:00.000Z',
      endedAt: '2026-11-20T18:45:00.000Z',
      environment: { roomTemp: 70, whiteNoise: false, sleepSackTag: null },
      notes: 'Sleep session',
    });
    const readStore = await projectFromStart(stores);
    expect(await all(readStore, 'timeline')).toMatchObject([
      {
        _id: 'sleep-1',
        kind: 'sleep',
        localDate: '2026-11-20',
        sleep: { environment: { roomTemp: 70, whiteNoise: false, sleepSackTag: null, sleepSackTog: null } },
        entry: { datetime: '2026-11-20T12:00', type: 'Sleep', icon: '😴', amount: '-', duration: '1h 45m' },
      },
    ]);
    const [sleepDoc] = await all(readStore, 'timeline');
    expect(await stores.cipher.open('owner-1', sleepDoc!.sealedNotes as string)).toBe('Sleep session');
    // 12:00 to 13:45 local is a nap of 105 minutes.
    expect(await all(readStore, 'daily_insights')).toMatchObject([{ _id: 'child-mia:2026-11-20', sleep: { napCount: 1, totalDayMins: 105, calendarDaySleepMins: 105 } }]);

    await deleteSleep(stores, nap);
    const afterDelete = await projectFromStart(stores);
    expect(await all(afterDelete, 'timeline')).toEqual([]);
    expect(await all(afterDelete, 'daily_insights')).toEqual([]);
  });

  describe('an event seen again changes nothing', () => {
    async function recorded(): Promise<RecordedEvent[]> {
      const events: RecordedEvent[] = [];
      for await (const event of stores.eventStore.readAll({ fromPosition: 0 })) events.push(event);
      return events;
    }

    async function applyAgain(readStore: ObservedReadStore, events: readonly RecordedEvent[]): Promise<void> {
      const context: ProjectionContext = { readStore, cipher: stores.cipher };
      for (const event of events) {
        for (const projection of allProjections) if (projection.handles.has(event.type)) await projection.apply(event, context);
      }
    }

    beforeEach(async () => {
      await feedingEvent(stores, 'FeedingLogged', feeding, lateBottle);
      await feedingEvent(stores, 'FeedingCorrected', feeding, { ...lateBottle, amountOz: 5 });
      await sleepEvent(stores, 'SleepLogged', nap, { startedAt: '2026-11-21T03:00:00.000Z', endedAt: '2026-11-21T09:00:00.000Z', environment: null, notes: 'Sleep session' });
    });

    it('replaying the whole log (a restart before the checkpoint was saved) leaves every document as it was', async () => {
      const readStore = await projectFromStart(stores);
      const before = await snapshotOf(readStore);
      await applyAgain(readStore, await recorded());
      expect(await snapshotOf(readStore)).toEqual(before);
    });

    it('an older FeedingLogged delivered after its correction does not undo the correction', async () => {
      const readStore = await projectFromStart(stores);
      const before = await snapshotOf(readStore);
      const [, logged] = await recorded();
      expect(logged!.type).toBe('FeedingLogged');
      await applyAgain(readStore, [logged!]);
      expect(await snapshotOf(readStore)).toEqual(before);
      expect(await readStore.collection('timeline').findOne({ _id: 'feeding-1' })).toMatchObject({ feeding: { amountOz: 5 }, entry: { amount: '5 oz' } });
    });
  });
});
