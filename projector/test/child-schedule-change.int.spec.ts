import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  feedingEvent,
  observedMemoryReadStore,
  openProjectionStores,
  projectFromStart,
  registerChild,
  sleepEvent,
  startAllProjections,
  updateChild,
  type ObservedReadStore,
  type ProjectionStores,
} from './support/projection-harness';

let stores: ProjectionStores;
beforeEach(async () => {
  stores = await openProjectionStores();
});
afterEach(() => stores.close());

const mia = { childId: 'child-mia', ownerId: 'owner-1', displayName: 'Mia', birthDate: '2026-09-01', timezone: 'America/New_York' };
const ref = (id: string) => ({ id, childId: 'child-mia', ownerId: 'owner-1' });

/** 20:30 New York time on 20 November, a 4 oz bottle; then sleep from 21:00 to 05:00 New York time. */
async function appendEvening(): Promise<number> {
  await registerChild(stores, mia);
  await feedingEvent(stores, 'FeedingLogged', ref('feeding-1'), {
    startedAt: '2026-11-21T01:30:00.000Z',
    endedAt: '2026-11-21T01:45:00.000Z',
    amountOz: 4,
    method: 'Bottle',
    type: null,
    notes: 'Bottle feeding',
  });
  return sleepEvent(stores, 'SleepLogged', ref('sleep-1'), {
    startedAt: '2026-11-21T02:00:00.000Z',
    endedAt: '2026-11-21T10:00:00.000Z',
    environment: null,
    notes: 'Sleep session',
  });
}

type Mode = 'live' | 'rebuilt';

/** Projects `append`'s events either as they arrive or by a fresh projector afterwards. */
async function project(mode: Mode, appendAll: () => Promise<number>): Promise<ObservedReadStore> {
  if (mode === 'rebuilt') {
    await appendAll();
    return projectFromStart(stores);
  }
  const readStore = observedMemoryReadStore();
  const projector = await startAllProjections(stores, readStore);
  await projector.caughtUp;
  const last = await appendAll();
  expect(await projector.waitFor(last, 5_000)).toBe(true);
  await projector.stop();
  return readStore;
}

const dailyOf = async (readStore: ObservedReadStore) => readStore.collection('daily_insights').find({}, { sort: { _id: 1 } });
const timelineOf = async (readStore: ObservedReadStore) =>
  (await readStore.collection('timeline').find({}, { sort: { _id: 1 } })).map((doc) => [doc._id, doc.localDate, (doc.entry as { datetime: string }).datetime]);

const emptyNight = {
  totalNightMins: 0,
  longestNightStretchMins: null,
  firstNightStretchMins: null,
  bedtime: null,
  bedtimeMinutesFromMidnight: null,
  lastFeedBeforeNight: null,
};

describe.each<Mode>(['live', 'rebuilt'])('a child\'s schedule change (%s)', (mode) => {
  it('in New York, the evening belongs to 20 November and the sleep is its night', async () => {
    const readStore = await project(mode, appendEvening);
    expect(await timelineOf(readStore)).toEqual([
      ['feeding-1', '2026-11-20', '2026-11-20T20:30'],
      ['sleep-1', '2026-11-20', '2026-11-20T21:00'],
    ]);
    expect(await dailyOf(readStore)).toMatchObject([
      {
        _id: 'child-mia:2026-11-20',
        feeding: { feedCount: 1, totalOz24h: 4 },
        sleep: {
          napCount: 0,
          totalNightMins: 480,
          longestNightStretchMins: 480,
          firstNightStretchMins: 480,
          bedtime: '21:00',
          bedtimeMinutesFromMidnight: 1260,
          lastFeedBeforeNight: '20:30',
          calendarDaySleepMins: 180,
        },
      },
      // Only the five hours after midnight of the night's sleep.
      { _id: 'child-mia:2026-11-21', feeding: { feedCount: 0 }, sleep: { napCount: 0, ...emptyNight, calendarDaySleepMins: 300 } },
    ]);
  });

  it('moved to UTC, the entries move to 21 November and the sleep (02:00-10:00) becomes a nap after a 4 oz feed', async () => {
    const readStore = await project(mode, async () => {
      await appendEvening();
      return updateChild(stores, { ...mia, timezone: 'UTC' });
    });
    expect(await timelineOf(readStore)).toEqual([
      ['feeding-1', '2026-11-21', '2026-11-21T01:30'],
      ['sleep-1', '2026-11-21', '2026-11-21T02:00'],
    ]);
    expect(await dailyOf(readStore)).toMatchObject([
      {
        _id: 'child-mia:2026-11-21',
        date: '2026-11-21',
        feeding: { feedCount: 1, totalOz24h: 4 },
        sleep: { napCount: 1, totalDayMins: 480, naps: [{ mins: 480, feedBucket: '4+' }], ...emptyNight, calendarDaySleepMins: 480 },
      },
    ]);
    expect(await dailyOf(readStore)).toHaveLength(1);
  });

  it('with the night window moved to 22:00-04:00, the same sleep is a nap of 20 November', async () => {
    const readStore = await project(mode, async () => {
      await appendEvening();
      return updateChild(stores, { ...mia, nightWindowStart: '22:00', nightWindowEnd: '04:00' });
    });
    expect(await timelineOf(readStore)).toEqual([
      ['feeding-1', '2026-11-20', '2026-11-20T20:30'],
      ['sleep-1', '2026-11-20', '2026-11-20T21:00'],
    ]);
    expect(await dailyOf(readStore)).toMatchObject([
      {
        _id: 'child-mia:2026-11-20',
        feeding: { feedCount: 1, totalOz24h: 4 },
        sleep: { napCount: 1, totalDayMins: 480, naps: [{ mins: 480, feedBucket: '4+' }], ...emptyNight, calendarDaySleepMins: 180 },
      },
      { _id: 'child-mia:2026-11-21', sleep: { napCount: 0, ...emptyNight, calendarDaySleepMins: 300 } },
    ]);
  });
});
