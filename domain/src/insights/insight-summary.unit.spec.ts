import { describe, expect, it } from 'vitest';
import { computeDailyInsights } from './daily-insights';
import type { ChildSchedule, FeedingInput, SleepInput } from './insight-inputs';
import { summarizeRange } from './insight-summary';
import { newYork, weekDates, weekFeedings, weekSleeps } from './ordinary-week.fixture';

const utc: ChildSchedule = { timezone: 'UTC', nightWindowStart: '19:00', nightWindowEnd: '08:00' };
const bottle = (id: string, startedAt: string, amountOz: number): FeedingInput => ({ id, startedAt, amountOz, method: 'Bottle' });
const sleep = (id: string, startedAt: string, endedAt: string): SleepInput => ({ id, startedAt, endedAt });
const docsOf = (dates: string[], feeds: FeedingInput[], sleeps: SleepInput[], schedule: ChildSchedule) =>
  dates.map((date) => computeDailyInsights(date, feeds, sleeps, schedule));

describe('summary of an ordinary week', () => {
  it('combines the seven documents, gaps across midnight included', () => {
    const docs = docsOf(weekDates, weekFeedings, weekSleeps, newYork);
    expect(summarizeRange(docs)).toEqual({
      feeding: {
        // 92.75 oz over 28 feeds with an amount: 3.3125.
        avgOzPerFeed: 3.3,
        // 28 gaps inside days (5355 min) and 6 overnight gaps of 675 min: 9405 / 34 = 276.6.
        avgIntervalHuman: '4h 37m',
        lastFeed: { timeISO: '2026-06-07T22:45:00Z', amountOz: 4.25, method: 'Bottle' },
      },
      // 21 naps, 1435 min: 68.3.
      sleep: { avgNapHuman: '1h 8m', bedtimeWindow: { earliest: '19:30', latest: '19:30' } },
    });
  });

  it('gives the same answer whatever the order of the documents', () => {
    const docs = docsOf(weekDates, weekFeedings, weekSleeps, newYork);
    expect(summarizeRange([...docs].reverse())).toEqual(summarizeRange(docs));
  });

  it('is empty over dates without entries', () => {
    expect(summarizeRange(docsOf(['2026-05-01', '2026-05-02'], weekFeedings, weekSleeps, newYork))).toEqual({
      feeding: { avgOzPerFeed: null, avgIntervalHuman: null, lastFeed: null },
      sleep: { avgNapHuman: null, bedtimeWindow: { earliest: null, latest: null } },
    });
    expect(summarizeRange([])).toEqual(summarizeRange(docsOf(['2026-05-01'], [], [], newYork)));
  });
});

describe('mean feeding interval over a range', () => {
  const feeds = [
    bottle('a', '2026-06-01T08:00:00Z', 3),
    bottle('b', '2026-06-01T12:00:00Z', 3), // 240
    bottle('c', '2026-06-01T20:00:00Z', 3), // 480
    bottle('d', '2026-06-02T09:00:00Z', 3), // 780 across midnight: left out
    bottle('e', '2026-06-02T21:00:00Z', 3), // 720: kept
    bottle('f', '2026-06-03T09:00:00Z', 3), // 720 across midnight: kept
  ];

  it('leaves out gaps over 12 h and keeps gaps of 12 h, inside a date and across midnight', () => {
    const docs = docsOf(['2026-06-01', '2026-06-02', '2026-06-03'], feeds, [], utc);
    // (240 + 480 + 720 + 720) / 4; with the 780 gap it would be 9h 48m.
    expect(summarizeRange(docs).feeding.avgIntervalHuman).toBe('9h 0m');
  });

  it('has no interval for a single feed', () => {
    expect(summarizeRange(docsOf(['2026-06-03'], feeds, [], utc)).feeding).toEqual({
      avgOzPerFeed: 3,
      avgIntervalHuman: null,
      lastFeed: { timeISO: '2026-06-03T09:00:00Z', amountOz: 3, method: 'Bottle' },
    });
  });

  it('measures the gap across midnight from one date\'s last feed to the next date\'s first', () => {
    const nightFeeds = [bottle('x', '2026-06-01T22:00:00Z', 2), bottle('y', '2026-06-02T03:00:00Z', 4)];
    const docs = docsOf(['2026-06-01', '2026-06-02', '2026-06-03'], nightFeeds, [], utc);
    expect(summarizeRange(docs).feeding).toEqual({
      avgOzPerFeed: 3,
      avgIntervalHuman: '5h 0m',
      lastFeed: { timeISO: '2026-06-02T03:00:00Z', amountOz: 4, method: 'Bottle' },
    });
  });
});

describe('feeds without an amount', () => {
  it('count for the interval and the last feed but not for the mean amount', () => {
    const feeds: FeedingInput[] = [bottle('a', '2026-06-01T08:00:00Z', 3), { id: 'b', startedAt: '2026-06-01T09:30:00Z', method: 'Nursing' }];
    expect(summarizeRange(docsOf(['2026-06-01'], feeds, [], utc)).feeding).toEqual({
      avgOzPerFeed: 3,
      avgIntervalHuman: '1h 30m',
      lastFeed: { timeISO: '2026-06-01T09:30:00Z', amountOz: null, method: 'Nursing' },
    });
  });
});

describe('bedtime window', () => {
  it('orders bedtimes from evening to morning, one after midnight being the latest', () => {
    const sleeps = [
      sleep('a', '2026-06-01T20:45:00Z', '2026-06-02T06:00:00Z'),
      sleep('b', '2026-06-02T19:10:00Z', '2026-06-03T06:00:00Z'),
      sleep('c', '2026-06-04T00:30:00Z', '2026-06-04T07:00:00Z'), // the night of 06-03
    ];
    const docs = docsOf(['2026-06-01', '2026-06-02', '2026-06-03'], [], sleeps, utc);
    expect(summarizeRange(docs).sleep).toEqual({ avgNapHuman: null, bedtimeWindow: { earliest: '19:10', latest: '00:30' } });
  });
});
