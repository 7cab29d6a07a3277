import { describe, expect, it } from 'vitest';
import { correlations, formatSignedMinutes } from './correlations';
import { computeDailyInsights } from './daily-insights';
import type { ChildSchedule, FeedingInput, SleepInput } from './insight-inputs';

// In UTC the local times are the instants' own, which keeps the fixtures readable.
const utc: ChildSchedule = { timezone: 'UTC', nightWindowStart: '19:00', nightWindowEnd: '08:00' };
const bottle = (startedAt: string, amountOz: number): FeedingInput => ({ id: startedAt, startedAt, amountOz, method: 'Bottle' });
const sleep = (startedAt: string, endedAt: string): SleepInput => ({ id: startedAt, startedAt, endedAt });
const docsOf = (dates: string[], feeds: FeedingInput[], sleeps: SleepInput[]) =>
  dates.map((date) => computeDailyInsights(date, feeds, sleeps, utc));

describe('nap length by feed size', () => {
  const feeds = [
    bottle('2026-09-01T08:00:00Z', 1.5),
    bottle('2026-09-01T11:00:00Z', 3),
    bottle('2026-09-01T14:00:00Z', 4),
    bottle('2026-09-02T08:00:00Z', 1),
    { id: 'nursing', startedAt: '2026-09-02T08:30:00Z', method: 'Nursing' as const },
    bottle('2026-09-02T11:00:00Z', 2),
    bottle('2026-09-02T14:00:00Z', 5),
    bottle('2026-09-03T07:45:00Z', 3.75),
    bottle('2026-09-03T08:15:00Z', 1.75),
    bottle('2026-09-03T11:00:00Z', 3.75),
    bottle('2026-09-03T15:00:00Z', 4),
  ];
  const naps = [
    sleep('2026-09-01T09:00:00Z', '2026-09-01T10:00:00Z'), // 60, '<2'
    sleep('2026-09-01T12:00:00Z', '2026-09-01T13:30:00Z'), // 90, '2-3.9'
    sleep('2026-09-01T15:30:00Z', '2026-09-01T17:30:00Z'), // 120, '4+': the feed is exactly 90 min before
    sleep('2026-09-02T09:00:00Z', '2026-09-02T09:40:00Z'), // 40, '<2': the later nursing feed has no amount
    sleep('2026-09-02T12:00:00Z', '2026-09-02T13:40:00Z'), // 100, '2-3.9': 2 oz is medium
    sleep('2026-09-02T15:31:00Z', '2026-09-02T16:31:00Z'), // 60, no bucket: the feed is 91 min before
    sleep('2026-09-03T09:00:00Z', '2026-09-03T09:50:00Z'), // 50, '<2': the most recent of two feeds
    sleep('2026-09-03T12:00:00Z', '2026-09-03T13:50:00Z'), // 110, '2-3.9'
    sleep('2026-09-03T15:00:00Z', '2026-09-03T17:10:00Z'), // 130, '4+': the feed starts with the nap
  ];
  const dates = ['2026-09-01', '2026-09-02', '2026-09-03'];

  it('compares each bucket of 3 naps or more with the mean of all naps', () => {
    // Typical 760 / 9 = 84.44; '<2' 50 - 84.44 = -34.44; '2-3.9' 100 - 84.44 = 15.56; '4+' has 2 naps.
    expect(correlations(docsOf(dates, feeds, naps)).napLengthDeltaByFeedBucket).toStrictEqual({ '<2': -34, '2-3.9': 16 });
  });

  it('buckets each nap by the latest feed with an amount in the 90 minutes before it', () => {
    const [first, second, third] = docsOf(dates, feeds, naps);
    expect(first?.sleep.naps).toEqual([
      { mins: 60, feedBucket: '<2' },
      { mins: 90, feedBucket: '2-3.9' },
      { mins: 120, feedBucket: '4+' },
    ]);
    expect(second?.sleep.naps).toEqual([
      { mins: 40, feedBucket: '<2' },
      { mins: 100, feedBucket: '2-3.9' },
      { mins: 60, feedBucket: null },
    ]);
    expect(third?.sleep.naps).toEqual([
      { mins: 50, feedBucket: '<2' },
      { mins: 110, feedBucket: '2-3.9' },
      { mins: 130, feedBucket: '4+' },
    ]);
  });

  it('leaves out a bucket with one nap too few', () => {
    const withoutOneSmall = naps.filter((nap) => nap.startedAt !== '2026-09-03T09:00:00Z');
    // Typical 710 / 8 = 88.75; '2-3.9' 100 - 88.75 = 11.25.
    expect(correlations(docsOf(dates, feeds, withoutOneSmall)).napLengthDeltaByFeedBucket).toStrictEqual({ '2-3.9': 11 });
  });

  it('is an empty map when no bucket has enough naps', () => {
    expect(correlations(docsOf(['2026-09-01'], feeds, naps)).napLengthDeltaByFeedBucket).toStrictEqual({});
    expect(correlations([]).napLengthDeltaByFeedBucket).toStrictEqual({});
  });
});

describe('longest night stretch on high-nap days', () => {
  const sleeps = [
    sleep('2026-08-01T09:00:00Z', '2026-08-01T13:01:00Z'), // 241 min of naps: high
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
  const dates = ['2026-08-01', '2026-08-02', '2026-08-03', '2026-08-04', '2026-08-05'];

  it('compares high-nap days with the others, rounding the difference of the means', () => {
    // (481 + 360) / 2 = 420.5 against (540 + 600) / 2 = 570: -149.5 rounds to -149.
    expect(correlations(docsOf(dates, [], sleeps)).longNightStretchDeltaOnHighNapDays).toBe(-149);
  });

  it('is absent with one high-nap day too few', () => {
    expect(correlations(docsOf(['2026-08-01', '2026-08-03', '2026-08-04', '2026-08-05'], [], sleeps))).toStrictEqual({
      napLengthDeltaByFeedBucket: {},
    });
  });

  it('is absent with one other day too few', () => {
    expect(correlations(docsOf(['2026-08-01', '2026-08-02', '2026-08-04'], [], sleeps)).longNightStretchDeltaOnHighNapDays).toBeUndefined();
  });
});

describe('first night stretch after a late evening feed', () => {
  const feeds = [
    bottle('2026-07-01T21:00:00Z', 4), // late
    bottle('2026-07-02T21:59:00Z', 4), // late
    bottle('2026-07-03T20:59:00Z', 4), // not late
    bottle('2026-07-04T22:00:00Z', 4), // not late
    bottle('2026-07-05T18:00:00Z', 4), // the last feed before the 21:15 bedtime: not late
    bottle('2026-07-05T21:30:00Z', 4), // after bedtime, does not count
  ];
  const sleeps = [
    sleep('2026-07-01T22:30:00Z', '2026-07-02T02:30:00Z'), // first stretch 240
    sleep('2026-07-02T03:00:00Z', '2026-07-02T06:30:00Z'), // 210, same night
    sleep('2026-07-02T22:30:00Z', '2026-07-03T04:30:00Z'), // 360
    sleep('2026-07-03T22:30:00Z', '2026-07-04T05:30:00Z'), // 420
    sleep('2026-07-04T22:30:00Z', '2026-07-05T07:30:00Z'), // 540
    sleep('2026-07-05T21:15:00Z', '2026-07-06T05:15:00Z'), // 480
  ];
  const dates = ['2026-07-01', '2026-07-02', '2026-07-03', '2026-07-04', '2026-07-05'];

  it('compares nights whose last feed starts 21:00 to 21:59 with the others', () => {
    // (240 + 360) / 2 = 300 against (420 + 540 + 480) / 3 = 480.
    expect(correlations(docsOf(dates, feeds, sleeps)).firstNightStretchDeltaWhenLastFeedInLateWindow).toBe(-180);
  });

  it('is absent with one late night too few', () => {
    const withoutOneLate = dates.filter((date) => date !== '2026-07-02');
    expect(correlations(docsOf(withoutOneLate, feeds, sleeps)).firstNightStretchDeltaWhenLastFeedInLateWindow).toBeUndefined();
  });

  it('only counts feeds of the date itself before a bedtime after midnight', () => {
    const lateThenAfterMidnight = [bottle('2026-07-06T21:30:00Z', 4), bottle('2026-07-07T00:10:00Z', 4)];
    const night = [sleep('2026-07-07T00:30:00Z', '2026-07-07T06:30:00Z')];
    expect(computeDailyInsights('2026-07-06', lateThenAfterMidnight, night, utc).sleep.lastFeedBeforeNight).toBe('21:30');
  });
});

describe('signed minutes', () => {
  it('puts a plus before positive values only', () => {
    expect(formatSignedMinutes(12)).toBe('+12 min');
    expect(formatSignedMinutes(-5)).toBe('-5 min');
    expect(formatSignedMinutes(0)).toBe('0 min');
  });

  it('never shows a negative zero', () => {
    // Late nights 300 and 301 against 300 and 302: -0.5 rounds to -0, shown as 0.
    const sleeps = [
      sleep('2026-07-01T22:30:00Z', '2026-07-02T03:30:00Z'),
      sleep('2026-07-02T22:30:00Z', '2026-07-03T03:31:00Z'),
      sleep('2026-07-03T22:30:00Z', '2026-07-04T03:30:00Z'),
      sleep('2026-07-04T22:30:00Z', '2026-07-05T03:32:00Z'),
    ];
    const feeds = [bottle('2026-07-01T21:00:00Z', 4), bottle('2026-07-02T21:00:00Z', 4)];
    const delta = correlations(docsOf(['2026-07-01', '2026-07-02', '2026-07-03', '2026-07-04'], feeds, sleeps))
      .firstNightStretchDeltaWhenLastFeedInLateWindow;
    expect(Object.is(delta, 0)).toBe(true);
    expect(formatSignedMinutes(delta!)).toBe('0 min');
  });
});
