import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedingInput, SleepInput } from '@nightlight/domain/insights/insight-inputs';
import { weekFeedings, weekSleeps } from '@nightlight/domain/insights/ordinary-week.fixture';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * The golden fixtures of the insights unit specs, logged through the API and read back through
 * every insights route: the answers must be the numbers the specs computed by hand, written here
 * again as literals. Each fixture is a child of its own; the server's clock is set to the moment
 * each one is read.
 */

let now = Date.parse('2026-11-22T17:00:00.000Z');
let server: TestServer;
const parentId = uuidv7();
let position = 0;

beforeAll(async () => {
  server = await startTestServer({}, { clock: () => new Date(now) });
});
afterAll(() => server.close());

/** Tokens are checked on the server's clock: one is issued at the clock's current time. */
const token = () => server.server.adapters.tokens.issueAccessToken(parentId);

async function write(path: string, body: unknown): Promise<any> {
  const answer = await server.call('POST', path, { token: await token(), body });
  expect(answer.status, `${path} ${JSON.stringify(body)} → ${JSON.stringify(answer.body)}`).toBe(201);
  position = Math.max(position, answer.body.position);
  return answer.body;
}

/** A child in `timezone` with these entries, logged at `at` (after the last of them starts). */
async function childWith(at: string, timezone: string, feedings: readonly FeedingInput[], sleeps: readonly SleepInput[]): Promise<string> {
  now = Date.parse(at);
  const { id: childId } = await write('/api/children', { displayName: 'Fixture', birthDate: '2026-01-01', sex: 'Female', timezone });
  for (const { startedAt, endedAt, amountOz, method } of feedings) await write('/api/feedings', { childId, startedAt, endedAt, amountOz, method });
  for (const { startedAt, endedAt } of sleeps) await write('/api/sleep', { childId, startedAt, endedAt });
  return childId;
}

/** A GET at `at`, once the read models have every write. */
async function read(at: string, path: string): Promise<any> {
  now = Date.parse(at);
  const answer = await server.call('GET', path, { token: await token(), headers: { 'x-min-position': String(position) } });
  expect(answer.status, `${path} → ${JSON.stringify(answer.body)}`).toBe(200);
  expect(answer.headers.get('x-projection-stale')).toBeNull();
  return answer.body;
}

const bottle = (startedAt: string, amountOz: number): FeedingInput => ({ id: startedAt, startedAt, amountOz, method: 'Bottle' });
const sleep = (startedAt: string, endedAt: string): SleepInput => ({ id: startedAt, startedAt, endedAt });

/** The daily view of a date without a diaper change. */
const noDiapers = { changeCount: 0, wetCount: 0, dirtyCount: 0 };
const emptyDay = (date: string) => ({
  date,
  feeding: { totalOz24h: 0, avgIntervalMins: null, feedCount: 0 },
  sleep: {
    totalDayMins: 0,
    totalNightMins: 0,
    longestNightStretchMins: null,
    firstNightStretchMins: null,
    bedtimeWindow: { earliest: null },
    totalDayHuman: '0m',
    totalNightHuman: '0m',
    longestNightStretchHuman: null,
  },
  diapers: noDiapers,
});
const noDataRow = (day: string, date: string, isWeekend = false) => ({ day, date, isToday: false, isWeekend, feeds: 0, totalOz: '0.0', totalMl: '0', sleepHours: '0m', diapers: 0, note: 'No data' });

describe('the ordinary week: Monday 1 to Sunday 7 June 2026 in New York', () => {
  let childId: string;
  // Read at 22:00 on Sunday 7 June (EDT), as a parent looks back on the week.
  const SUNDAY_EVENING = '2026-06-08T02:00:00.000Z';

  beforeAll(async () => {
    // Logged the next morning, after the last night ended at 06:30.
    childId = await childWith('2026-06-08T12:00:00.000Z', 'America/New_York', weekFeedings, weekSleeps);
  });

  it('answers every day of the week with the same numbers', async () => {
    const ordinaryDay = (date: string) => ({
      date,
      // 4 + 3.5 + 1.5 + 4.25 and a nursing feed; gaps 180, 195, 195 and 195 minutes.
      feeding: { totalOz24h: 13.25, avgIntervalMins: 191, feedCount: 5 },
      sleep: {
        // Naps of 75, 90 and 40 minutes; a night of 400 and 230 minutes split by a waking.
        totalDayMins: 205,
        totalNightMins: 630,
        longestNightStretchMins: 400,
        firstNightStretchMins: 400,
        bedtimeWindow: { earliest: '19:30' },
        totalDayHuman: '3h 25m',
        totalNightHuman: '10h 30m',
        longestNightStretchHuman: '6h 40m',
      },
      diapers: noDiapers,
    });
    const dates = ['2026-06-01', '2026-06-02', '2026-06-03', '2026-06-04', '2026-06-05', '2026-06-06', '2026-06-07'];
    expect(await read(SUNDAY_EVENING, `/api/children/${childId}/insights/daily?days=7`)).toEqual({
      days: dates.map(ordinaryDay),
      today: ordinaryDay('2026-06-07'),
    });
  });

  it('summarises the week', async () => {
    expect(await read(SUNDAY_EVENING, `/api/children/${childId}/insights/summary?from=2026-06-01&to=2026-06-07`)).toEqual({
      feeding: {
        // 92.75 oz over 28 feeds with an amount: 3.3125.
        avgOzPerFeed: 3.3,
        // 28 gaps inside the days (5355 min) and 6 overnight gaps of 675 min: 9405 / 34 = 276.6.
        avgIntervalHuman: '4h 37m',
        lastFeed: { timeISO: '2026-06-07T22:45:00.000Z', amountOz: 4.25, method: 'Bottle' },
      },
      // 21 naps of 1435 minutes in all: 68.3.
      sleep: { avgNapHuman: '1h 8m', bedtimeWindow: { earliest: '19:30', latest: '19:30' } },
    });
  });

  it('fills the Last 7 Days table', async () => {
    const ordinary = { feeds: 5, totalOz: '13.3', totalMl: '392', sleepHours: '13h 55m', diapers: 0, note: 'Normal day' };
    expect(await read(SUNDAY_EVENING, `/api/children/${childId}/insights/weekly`)).toEqual([
      { day: 'Sun', date: '2026-06-07', isToday: true, isWeekend: true, ...ordinary },
      { day: 'Sat', date: '2026-06-06', isToday: false, isWeekend: true, ...ordinary },
      { day: 'Fri', date: '2026-06-05', isToday: false, isWeekend: false, ...ordinary },
      { day: 'Thu', date: '2026-06-04', isToday: false, isWeekend: false, ...ordinary },
      { day: 'Wed', date: '2026-06-03', isToday: false, isWeekend: false, ...ordinary },
      { day: 'Tue', date: '2026-06-02', isToday: false, isWeekend: false, ...ordinary },
      // No night before the week: naps 205 + 270 before midnight.
      { day: 'Mon', date: '2026-06-01', isToday: false, isWeekend: false, ...ordinary, sleepHours: '7h 55m', note: 'Short sleep' },
    ]);
  });

  it('finds the feed-size pattern and no other', async () => {
    // Typical nap 1435 / 21 = 68.33. After 3.5 oz ('2-3.9') every nap is 75: +6.67; after 1.5 oz
    // ('<2') every nap is 40: -28.33; the 13:00 nap follows only a nursing feed. No day naps more
    // than 240 minutes and no last feed is at 21:00-21:59, so the other two are absent.
    expect(await read(SUNDAY_EVENING, `/api/children/${childId}/insights/correlations?days=7`)).toStrictEqual({
      napLengthDeltaByFeedBucket: { '<2': -28, '2-3.9': 7 },
    });
  });
});

describe("the viewer's zone", () => {
  it("picks which date is today and leaves every day's numbers the child's", async () => {
    const childId = await childWith('2026-06-08T12:00:00.000Z', 'America/New_York', weekFeedings, weekSleeps);
    // 22:00 on Sunday 7 June in New York is 16:00 on Monday 8 June in Kiritimati (UTC+14).
    const evening = '2026-06-08T02:00:00.000Z';
    const daily = await read(evening, `/api/children/${childId}/insights/daily?days=2&tz=Pacific/Kiritimati`);
    expect(daily.days.map((day: { date: string }) => day.date)).toEqual(['2026-06-07', '2026-06-08']);
    expect(daily.days[0].feeding).toEqual({ totalOz24h: 13.25, avgIntervalMins: 191, feedCount: 5 });
    expect(daily.today).toEqual(emptyDay('2026-06-08'));
    const weekly = await read(evening, `/api/children/${childId}/insights/weekly?tz=Pacific/Kiritimati`);
    // Only the tail of Sunday's night is on the 8th in New York: 00:00 to 02:10 and 02:40 to 06:30.
    expect(weekly[0]).toEqual({ day: 'Mon', date: '2026-06-08', isToday: true, isWeekend: false, feeds: 0, totalOz: '0.0', totalMl: '0', sleepHours: '6h 0m', diapers: 0, note: 'Short sleep' });
    expect(weekly[1]).toMatchObject({ date: '2026-06-07', feeds: 5, totalOz: '13.3', totalMl: '392', sleepHours: '13h 55m' });
    const summary = `/api/children/${childId}/insights/summary?from=2026-06-01&to=2026-06-07`;
    expect(await read(evening, `${summary}&tz=Pacific/Kiritimati`)).toEqual(await read(evening, summary));
  });
});

describe('spring forward: 8 March 2026 in New York is 23 hours long', () => {
  let childId: string;
  // 11:00 on Monday 9 March (EDT).
  const MONDAY = '2026-03-09T15:00:00.000Z';

  beforeAll(async () => {
    childId = await childWith(
      MONDAY,
      'America/New_York',
      [bottle('2026-03-08T06:30:00Z', 3), bottle('2026-03-08T11:15:00Z', 4), bottle('2026-03-08T15:00:00Z', 2), bottle('2026-03-08T23:30:00Z', 5)],
      [
        sleep('2026-03-08T00:00:00Z', '2026-03-08T06:00:00Z'), // 19:00 EST on the 7th to 01:00 EST
        sleep('2026-03-08T06:45:00Z', '2026-03-08T11:00:00Z'), // 01:45 EST to 07:00 EDT: 255 minutes, not 315
        sleep('2026-03-08T16:00:00Z', '2026-03-08T18:00:00Z'), // nap, 12:00 to 14:00 EDT
        sleep('2026-03-09T00:00:00Z', '2026-03-09T10:00:00Z'), // 20:00 EDT to 06:00 EDT on the 9th
      ],
    );
  });

  it('gives the night across the change to the 7th and measures the 8th in real minutes', async () => {
    expect(await read(MONDAY, `/api/children/${childId}/insights/daily?days=3`)).toEqual({
      days: [
        {
          ...emptyDay('2026-03-07'),
          sleep: {
            totalDayMins: 0,
            // 360 + 255.
            totalNightMins: 615,
            longestNightStretchMins: 360,
            firstNightStretchMins: 360,
            bedtimeWindow: { earliest: '19:00' },
            totalDayHuman: '0m',
            totalNightHuman: '10h 15m',
            longestNightStretchHuman: '6h 0m',
          },
          diapers: noDiapers,
        },
        {
          date: '2026-03-08',
          // Gaps 285 (the wall clock says 345), 225 and 510.
          feeding: { totalOz24h: 14, avgIntervalMins: 340, feedCount: 4 },
          sleep: {
            totalDayMins: 120,
            totalNightMins: 600,
            longestNightStretchMins: 600,
            firstNightStretchMins: 600,
            bedtimeWindow: { earliest: '20:00' },
            totalDayHuman: '2h 0m',
            totalNightHuman: '10h 0m',
            longestNightStretchHuman: '10h 0m',
          },
          diapers: noDiapers,
        },
        emptyDay('2026-03-09'),
      ],
      today: emptyDay('2026-03-09'),
    });
  });

  it('summarises the three days', async () => {
    expect(await read(MONDAY, `/api/children/${childId}/insights/summary?from=2026-03-07&to=2026-03-09`)).toEqual({
      // 14 oz over 4 feeds; (285 + 225 + 510) / 3 = 340 minutes.
      feeding: { avgOzPerFeed: 3.5, avgIntervalHuman: '5h 40m', lastFeed: { timeISO: '2026-03-08T23:30:00.000Z', amountOz: 5, method: 'Bottle' } },
      // One nap; the 01:45 sleep ends before 08:00 and is night sleep.
      sleep: { avgNapHuman: '2h 0m', bedtimeWindow: { earliest: '19:00', latest: '20:00' } },
    });
  });

  it('splits the sleep at each midnight of the table, the 23-hour day counted in full', async () => {
    expect(await read(MONDAY, `/api/children/${childId}/insights/weekly`)).toEqual([
      // 00:00 to 06:00 EDT of the last night.
      { day: 'Mon', date: '2026-03-09', isToday: true, isWeekend: false, feeds: 0, totalOz: '0.0', totalMl: '0', sleepHours: '6h 0m', diapers: 0, note: 'Short sleep' },
      // 60 + 255 + 120 + 240 minutes.
      { day: 'Sun', date: '2026-03-08', isToday: false, isWeekend: true, feeds: 4, totalOz: '14.0', totalMl: '414', sleepHours: '11h 15m', diapers: 0, note: 'Normal day' },
      // 19:00 to midnight.
      { day: 'Sat', date: '2026-03-07', isToday: false, isWeekend: true, feeds: 0, totalOz: '0.0', totalMl: '0', sleepHours: '5h 0m', diapers: 0, note: 'Short sleep' },
      noDataRow('Fri', '2026-03-06'),
      noDataRow('Thu', '2026-03-05'),
      noDataRow('Wed', '2026-03-04'),
      noDataRow('Tue', '2026-03-03'),
    ]);
  });

  it('has too little for any pattern', async () => {
    expect(await read(MONDAY, `/api/children/${childId}/insights/correlations?days=3`)).toStrictEqual({ napLengthDeltaByFeedBucket: {} });
  });
});

describe('fall back: 1 November 2026 in New York is 25 hours long', () => {
  let childId: string;
  // 12:00 on Monday 2 November (EST).
  const MONDAY = '2026-11-02T17:00:00.000Z';

  beforeAll(async () => {
    childId = await childWith(
      MONDAY,
      'America/New_York',
      [bottle('2026-11-01T05:30:00Z', 2), bottle('2026-11-01T06:30:00Z', 2), bottle('2026-11-01T17:00:00Z', 4.5)],
      [
        sleep('2026-10-31T23:00:00Z', '2026-11-01T12:00:00Z'), // 19:00 EDT to 07:00 EST: 780 minutes
        sleep('2026-11-01T18:00:00Z', '2026-11-01T20:30:00Z'), // nap, 13:00 to 15:30 EST
        sleep('2026-11-02T00:15:00Z', '2026-11-02T11:45:00Z'), // 19:15 EST to 06:45 EST on the 2nd
      ],
    );
  });

  it('gives the 13-hour night to 31 October and counts the two 01:30 feeds an hour apart', async () => {
    const { days } = await read(MONDAY, `/api/children/${childId}/insights/daily?days=7`);
    expect(days).toEqual([
      emptyDay('2026-10-27'),
      emptyDay('2026-10-28'),
      emptyDay('2026-10-29'),
      emptyDay('2026-10-30'),
      {
        ...emptyDay('2026-10-31'),
        sleep: {
          totalDayMins: 0,
          totalNightMins: 780,
          longestNightStretchMins: 780,
          firstNightStretchMins: 780,
          bedtimeWindow: { earliest: '19:00' },
          totalDayHuman: '0m',
          totalNightHuman: '13h 0m',
          longestNightStretchHuman: '13h 0m',
        },
        diapers: noDiapers,
      },
      {
        date: '2026-11-01',
        // Gaps 60 and 630 minutes.
        feeding: { totalOz24h: 8.5, avgIntervalMins: 345, feedCount: 3 },
        sleep: {
          totalDayMins: 150,
          totalNightMins: 690,
          longestNightStretchMins: 690,
          firstNightStretchMins: 690,
          bedtimeWindow: { earliest: '19:15' },
          totalDayHuman: '2h 30m',
          totalNightHuman: '11h 30m',
          longestNightStretchHuman: '11h 30m',
        },
        diapers: noDiapers,
      },
      emptyDay('2026-11-02'),
    ]);
  });

  it('summarises the weekend', async () => {
    expect(await read(MONDAY, `/api/children/${childId}/insights/summary?from=2026-10-31&to=2026-11-01`)).toEqual({
      // 8.5 oz over 3 feeds: 2.83; (60 + 630) / 2 = 345 minutes.
      feeding: { avgOzPerFeed: 2.8, avgIntervalHuman: '5h 45m', lastFeed: { timeISO: '2026-11-01T17:00:00.000Z', amountOz: 4.5, method: 'Bottle' } },
      sleep: { avgNapHuman: '2h 30m', bedtimeWindow: { earliest: '19:00', latest: '19:15' } },
    });
  });

  it('splits nights at each midnight and counts the 25-hour day in full', async () => {
    expect(await read(MONDAY, `/api/children/${childId}/insights/weekly`)).toEqual([
      // 05:00Z to 11:45Z of the last night.
      { day: 'Mon', date: '2026-11-02', isToday: true, isWeekend: false, feeds: 0, totalOz: '0.0', totalMl: '0', sleepHours: '6h 45m', diapers: 0, note: 'Short sleep' },
      // 480 of the long night, the 150-minute nap and 285 minutes before midnight.
      { day: 'Sun', date: '2026-11-01', isToday: false, isWeekend: true, feeds: 3, totalOz: '8.5', totalMl: '251', sleepHours: '15h 15m', diapers: 0, note: 'Normal day' },
      { day: 'Sat', date: '2026-10-31', isToday: false, isWeekend: true, feeds: 0, totalOz: '0.0', totalMl: '0', sleepHours: '5h 0m', diapers: 0, note: 'Short sleep' },
      noDataRow('Fri', '2026-10-30'),
      noDataRow('Thu', '2026-10-29'),
      noDataRow('Wed', '2026-10-28'),
      noDataRow('Tue', '2026-10-27'),
    ]);
  });
});

// The correlations fixtures are in UTC, where local times are the instants' own.
const highNapSleeps = [
  sleep('2026-08-01T09:00:00Z', '2026-08-01T13:01:00Z'), // 241 minutes of naps: high
  sleep('2026-08-01T20:00:00Z', '2026-08-02T04:01:00Z'), // 481
  sleep('2026-08-02T09:00:00Z', '2026-08-02T11:00:00Z'), // 120 + 121 = 241: high
  sleep('2026-08-02T13:00:00Z', '2026-08-02T15:01:00Z'),
  sleep('2026-08-02T20:00:00Z', '2026-08-03T02:00:00Z'), // 360, the longest of the night
  sleep('2026-08-03T02:30:00Z', '2026-08-03T06:30:00Z'), // 240
  sleep('2026-08-03T09:00:00Z', '2026-08-03T13:00:00Z'), // 240: not high
  sleep('2026-08-03T20:00:00Z', '2026-08-04T05:00:00Z'), // 540
  sleep('2026-08-04T20:00:00Z', '2026-08-05T06:00:00Z'), // no naps; 600
  sleep('2026-08-05T09:00:00Z', '2026-08-05T14:00:00Z'), // 300: high, but no night stretch
];
const lateFeeds = [
  bottle('2026-07-01T21:00:00Z', 4), // late
  bottle('2026-07-02T21:59:00Z', 4), // late
  bottle('2026-07-03T20:59:00Z', 4), // not late
  bottle('2026-07-04T22:00:00Z', 4), // not late
  bottle('2026-07-05T18:00:00Z', 4), // the last feed before the 21:15 bedtime: not late
  bottle('2026-07-05T21:30:00Z', 4), // after bedtime, does not count
];
const lateFeedSleeps = [
  sleep('2026-07-01T22:30:00Z', '2026-07-02T02:30:00Z'), // first stretch 240
  sleep('2026-07-02T03:00:00Z', '2026-07-02T06:30:00Z'), // 210, same night
  sleep('2026-07-02T22:30:00Z', '2026-07-03T04:30:00Z'), // 360
  sleep('2026-07-03T22:30:00Z', '2026-07-04T05:30:00Z'), // 420
  sleep('2026-07-04T22:30:00Z', '2026-07-05T07:30:00Z'), // 540
  sleep('2026-07-05T21:15:00Z', '2026-07-06T05:15:00Z'), // 480
];

describe('the longest night stretch on high-nap days', () => {
  const THURSDAY = '2026-08-06T12:00:00.000Z';

  it('is the difference of the means with two days of each, and absent with one high-nap day too few', async () => {
    const childId = await childWith(THURSDAY, 'UTC', [], highNapSleeps);
    // (481 + 360) / 2 = 420.5 against (540 + 600) / 2 = 570: -149.5 rounds to -149.
    expect(await read(THURSDAY, `/api/children/${childId}/insights/correlations?days=6`)).toStrictEqual({
      napLengthDeltaByFeedBucket: {},
      longNightStretchDeltaOnHighNapDays: -149,
    });
    // From 2 August on, one high-nap day is left.
    expect(await read(THURSDAY, `/api/children/${childId}/insights/correlations?days=5`)).toStrictEqual({ napLengthDeltaByFeedBucket: {} });
  });
});

describe('the first night stretch after a late evening feed', () => {
  const MONDAY = '2026-07-06T12:00:00.000Z';

  it('is the difference of the means with two late nights, and absent with one too few', async () => {
    const childId = await childWith(MONDAY, 'UTC', lateFeeds, lateFeedSleeps);
    // (240 + 360) / 2 = 300 against (420 + 540 + 480) / 3 = 480.
    expect(await read(MONDAY, `/api/children/${childId}/insights/correlations?days=6`)).toStrictEqual({
      napLengthDeltaByFeedBucket: {},
      firstNightStretchDeltaWhenLastFeedInLateWindow: -180,
    });
    // From 2 July on, one late night is left.
    expect(await read(MONDAY, `/api/children/${childId}/insights/correlations?days=5`)).toStrictEqual({ napLengthDeltaByFeedBucket: {} });
  });
});

describe('both night patterns in one answer', () => {
  it('weighs every night of the window on each side', async () => {
    const THURSDAY = '2026-08-06T12:00:00.000Z';
    const childId = await childWith(THURSDAY, 'UTC', lateFeeds, [...lateFeedSleeps, ...highNapSleeps]);
    expect(await read(THURSDAY, `/api/children/${childId}/insights/correlations?days=40`)).toStrictEqual({
      napLengthDeltaByFeedBucket: {},
      // High-nap nights 481 and 360 (420.5) against 540, 600 and July's 240, 360, 420, 540, 480
      // (3180 / 7 = 454.29): -33.79.
      longNightStretchDeltaOnHighNapDays: -34,
      // Late nights 240 and 360 (300) against July's 420, 540, 480 and August's first stretches
      // 481, 360, 540, 600, whose last feed is none (3421 / 7 = 488.71): -188.71.
      firstNightStretchDeltaWhenLastFeedInLateWindow: -189,
    });
  });
});
