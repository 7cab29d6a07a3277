import { describe, expect, it } from 'vitest';
import { computeDailyInsights, type DailyInsightsDocument } from './daily-insights';
import { toDailyInsightsView } from './daily-insights-view';
import type { ChildSchedule, FeedingInput, SleepInput } from './insight-inputs';
import { newYork, weekFeedings, weekSleeps } from './ordinary-week.fixture';

const utc: ChildSchedule = { timezone: 'UTC', nightWindowStart: '19:00', nightWindowEnd: '08:00' };
const bottle = (id: string, startedAt: string, amountOz: number): FeedingInput => ({ id, startedAt, amountOz, method: 'Bottle' });
const sleep = (id: string, startedAt: string, endedAt: string): SleepInput => ({ id, startedAt, endedAt });

const noFeeds: DailyInsightsDocument['feeding'] = {
  feedCount: 0,
  totalOz24h: 0,
  amountCount: 0,
  avgIntervalMins: null,
  shortGapSumMins: 0,
  shortGapCount: 0,
  firstFeedAt: null,
  lastFeed: null,
};

const noDiapers = { changeCount: 0, wetCount: 0, dirtyCount: 0 };

describe('an ordinary day', () => {
  const doc = computeDailyInsights('2026-06-03', weekFeedings, weekSleeps, newYork);

  it('holds the numbers of the day and the partial sums for ranges', () => {
    expect(doc).toEqual({
      date: '2026-06-03',
      feeding: {
        feedCount: 5,
        totalOz24h: 13.25,
        amountCount: 4,
        // Gaps 180, 195, 195, 195: mean 191.25.
        avgIntervalMins: 191,
        shortGapSumMins: 765,
        shortGapCount: 4,
        firstFeedAt: '2026-06-03T10:00:00Z',
        lastFeed: { timeISO: '2026-06-03T22:45:00Z', amountOz: 4.25, method: 'Bottle' },
      },
      sleep: {
        napCount: 3,
        totalDayMins: 205,
        // 09:45 nap after the 09:00 feed (3.5 oz); 13:00 nap after only a nursing feed; 16:00 nap after 15:30 (1.5 oz).
        naps: [
          { mins: 75, feedBucket: '2-3.9' },
          { mins: 90, feedBucket: null },
          { mins: 40, feedBucket: '<2' },
        ],
        // Split by a waking: 400 + 230.
        totalNightMins: 630,
        longestNightStretchMins: 400,
        firstNightStretchMins: 400,
        bedtime: '19:30',
        bedtimeMinutesFromMidnight: 1170,
        lastFeedBeforeNight: '18:45',
        // Last night's 130 + 230 after midnight, naps 205, tonight's 270 before midnight.
        calendarDaySleepMins: 835,
      },
      diapers: noDiapers,
    });
  });

  it('answers the daily insights route in the seed shape', () => {
    expect(toDailyInsightsView(doc)).toEqual({
      date: '2026-06-03',
      feeding: { totalOz24h: 13.25, avgIntervalMins: 191, feedCount: 5 },
      sleep: {
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
  });

  it('gives the first day no sleep from a night before it', () => {
    expect(computeDailyInsights('2026-06-01', weekFeedings, weekSleeps, newYork).sleep.calendarDaySleepMins).toBe(475);
  });

  it('gives the day after the week only the tail of the last night, whose numbers stay on its own date', () => {
    const after = computeDailyInsights('2026-06-08', weekFeedings, weekSleeps, newYork);
    expect(after.feeding).toEqual(noFeeds);
    expect(after.sleep).toEqual({
      napCount: 0,
      totalDayMins: 0,
      naps: [],
      totalNightMins: 0,
      longestNightStretchMins: null,
      firstNightStretchMins: null,
      bedtime: null,
      bedtimeMinutesFromMidnight: null,
      lastFeedBeforeNight: null,
      calendarDaySleepMins: 360,
    });
    expect(toDailyInsightsView(after).sleep).toMatchObject({ bedtimeWindow: { earliest: null }, totalNightHuman: '0m', longestNightStretchHuman: null });
  });
});

describe('a night split by waking', () => {
  it('sums both sleeps, and the first is not the longest', () => {
    const sleeps = [sleep('a', '2026-07-20T19:30:00Z', '2026-07-20T21:00:00Z'), sleep('b', '2026-07-20T21:30:00Z', '2026-07-21T06:00:00Z')];
    expect(computeDailyInsights('2026-07-20', [], sleeps, utc).sleep).toMatchObject({
      totalNightMins: 600,
      longestNightStretchMins: 510,
      firstNightStretchMins: 90,
      bedtime: '19:30',
    });
  });

  it('orders a bedtime after midnight after the evening ones', () => {
    const sleeps = [sleep('a', '2026-07-21T00:30:00Z', '2026-07-21T06:00:00Z')];
    expect(computeDailyInsights('2026-07-20', [], sleeps, utc).sleep).toMatchObject({
      totalNightMins: 330,
      bedtime: '00:30',
      bedtimeMinutesFromMidnight: 1470,
    });
  });
});

describe('feeds', () => {
  it('averages every gap of the day, a gap over 12 h too, but keeps only short gaps for ranges', () => {
    const feeds = [bottle('a', '2026-07-22T06:00:00Z', 3), bottle('b', '2026-07-22T19:00:00Z', 3)];
    expect(computeDailyInsights('2026-07-22', feeds, [], utc).feeding).toMatchObject({
      avgIntervalMins: 780,
      shortGapSumMins: 0,
      shortGapCount: 0,
    });
  });

  it('keeps a gap of exactly 12 h as short', () => {
    const feeds = [bottle('a', '2026-07-22T07:00:00Z', 3), bottle('b', '2026-07-22T19:00:00Z', 3)];
    expect(computeDailyInsights('2026-07-22', feeds, [], utc).feeding).toMatchObject({ shortGapSumMins: 720, shortGapCount: 1 });
  });

  it('lets a feed of the evening before decide the bucket of a nap after midnight', () => {
    const feeds = [bottle('late', '2026-07-09T23:30:00Z', 2)];
    const naps = [sleep('n', '2026-07-10T00:30:00Z', '2026-07-10T08:30:00Z')];
    expect(computeDailyInsights('2026-07-10', feeds, naps, utc).sleep.naps).toEqual([{ mins: 480, feedBucket: '2-3.9' }]);
  });
});

describe('days of a daylight saving change in New York', () => {
  describe('spring forward, 2026-03-08 is 23 h long', () => {
    const feeds = [
      bottle('fa', '2026-03-08T06:30:00Z', 3), // 01:30 EST
      bottle('fb', '2026-03-08T11:15:00Z', 4), // 07:15 EDT
      bottle('fc', '2026-03-08T15:00:00Z', 2), // 11:00 EDT
      bottle('fd', '2026-03-08T23:30:00Z', 5), // 19:30 EDT
    ];
    const sleeps = [
      sleep('a', '2026-03-08T00:00:00Z', '2026-03-08T06:00:00Z'), // 19:00 EST 03-07 to 01:00 EST
      sleep('b', '2026-03-08T06:45:00Z', '2026-03-08T11:00:00Z'), // 01:45 EST to 07:00 EDT: 255 min, not 315
      sleep('c', '2026-03-08T16:00:00Z', '2026-03-08T18:00:00Z'), // nap 12:00 to 14:00 EDT
      sleep('d', '2026-03-09T00:00:00Z', '2026-03-09T10:00:00Z'), // 20:00 EDT to 06:00 EDT 03-09
    ];

    it('gives the night across the change to 03-07', () => {
      expect(computeDailyInsights('2026-03-07', feeds, sleeps, newYork)).toEqual({
        date: '2026-03-07',
        feeding: noFeeds,
        sleep: {
          napCount: 0,
          totalDayMins: 0,
          naps: [],
          totalNightMins: 615,
          longestNightStretchMins: 360,
          firstNightStretchMins: 360,
          bedtime: '19:00',
          bedtimeMinutesFromMidnight: 1140,
          lastFeedBeforeNight: null,
          calendarDaySleepMins: 300,
        },
        diapers: noDiapers,
      });
    });

    it('measures gaps and the calendar day in real minutes', () => {
      expect(computeDailyInsights('2026-03-08', feeds, sleeps, newYork)).toEqual({
        date: '2026-03-08',
        feeding: {
          feedCount: 4,
          totalOz24h: 14,
          amountCount: 4,
          // 285 (wall clock says 345), 225, 510.
          avgIntervalMins: 340,
          shortGapSumMins: 1020,
          shortGapCount: 3,
          firstFeedAt: '2026-03-08T06:30:00Z',
          lastFeed: { timeISO: '2026-03-08T23:30:00Z', amountOz: 5, method: 'Bottle' },
        },
        sleep: {
          napCount: 1,
          totalDayMins: 120,
          naps: [{ mins: 120, feedBucket: '2-3.9' }],
          totalNightMins: 600,
          longestNightStretchMins: 600,
          firstNightStretchMins: 600,
          bedtime: '20:00',
          bedtimeMinutesFromMidnight: 1200,
          lastFeedBeforeNight: '19:30',
          // 60 of a + 255 of b + 120 of c + 240 of d, within the 23 h day.
          calendarDaySleepMins: 675,
        },
        diapers: noDiapers,
      });
    });

    it('gives 03-09 the rest of the night after its midnight', () => {
      expect(computeDailyInsights('2026-03-09', feeds, sleeps, newYork).sleep.calendarDaySleepMins).toBe(360);
    });
  });

  describe('fall back, 2026-11-01 is 25 h long', () => {
    const feeds = [
      bottle('g1', '2026-11-01T05:30:00Z', 2), // 01:30 EDT
      bottle('g2', '2026-11-01T06:30:00Z', 2), // 01:30 EST, an hour later
      bottle('g3', '2026-11-01T17:00:00Z', 4.5), // 12:00 EST
    ];
    const sleeps = [
      sleep('e', '2026-10-31T23:00:00Z', '2026-11-01T12:00:00Z'), // 19:00 EDT to 07:00 EST: 780 min
      sleep('h', '2026-11-01T18:00:00Z', '2026-11-01T20:30:00Z'), // nap 13:00 to 15:30 EST
      sleep('k', '2026-11-02T00:15:00Z', '2026-11-02T11:45:00Z'), // 19:15 EST to 06:45 EST 11-02
    ];

    it('gives the 13 h night to 10-31', () => {
      expect(computeDailyInsights('2026-10-31', feeds, sleeps, newYork).sleep).toMatchObject({
        totalNightMins: 780,
        longestNightStretchMins: 780,
        bedtime: '19:00',
        calendarDaySleepMins: 300,
      });
    });

    it('counts the two 01:30 feeds an hour apart and the 25 h calendar day', () => {
      expect(computeDailyInsights('2026-11-01', feeds, sleeps, newYork)).toEqual({
        date: '2026-11-01',
        feeding: {
          feedCount: 3,
          totalOz24h: 8.5,
          amountCount: 3,
          avgIntervalMins: 345,
          shortGapSumMins: 690,
          shortGapCount: 2,
          firstFeedAt: '2026-11-01T05:30:00Z',
          lastFeed: { timeISO: '2026-11-01T17:00:00Z', amountOz: 4.5, method: 'Bottle' },
        },
        sleep: {
          napCount: 1,
          totalDayMins: 150,
          naps: [{ mins: 150, feedBucket: '4+' }],
          totalNightMins: 690,
          longestNightStretchMins: 690,
          firstNightStretchMins: 690,
          bedtime: '19:15',
          bedtimeMinutesFromMidnight: 1155,
          lastFeedBeforeNight: '12:00',
          // 480 of e + 150 of h + 285 of k.
          calendarDaySleepMins: 915,
        },
        diapers: noDiapers,
      });
    });
  });
});

describe('a child whose time zone changes mid-week', () => {
  // The family flies from New York to Los Angeles; the profile in force re-projects every date.
  const losAngeles: ChildSchedule = { ...newYork, timezone: 'America/Los_Angeles' };
  const feeds = [
    bottle('t3', '2026-06-04T11:30:00Z', 3), // NY 07:30 06-04, LA 04:30 06-04
    bottle('t4', '2026-06-05T05:00:00Z', 4), // NY 01:00 06-05, LA 22:00 06-04
  ];
  const sleeps = [
    sleep('t1', '2026-06-03T00:00:00Z', '2026-06-03T10:00:00Z'), // NY 20:00-06:00, LA 17:00-03:00
    sleep('t2', '2026-06-04T12:30:00Z', '2026-06-04T14:00:00Z'), // NY 08:30-10:00, LA 05:30-07:00
    sleep('t5', '2026-06-05T05:30:00Z', '2026-06-05T13:00:00Z'), // NY 01:30-09:00, LA 22:30-06:00
  ];

  it('with New York in force, the morning sleeps are naps bucketed by the feeds before them', () => {
    const june4 = computeDailyInsights('2026-06-04', feeds, sleeps, newYork);
    const june5 = computeDailyInsights('2026-06-05', feeds, sleeps, newYork);
    expect(june4.feeding).toMatchObject({ feedCount: 1, totalOz24h: 3 });
    expect(june4.sleep).toMatchObject({ naps: [{ mins: 90, feedBucket: '2-3.9' }], totalNightMins: 0 });
    expect(june5.feeding).toMatchObject({ feedCount: 1, totalOz24h: 4 });
    expect(june5.sleep).toMatchObject({ naps: [{ mins: 450, feedBucket: '4+' }], totalDayMins: 450, totalNightMins: 0 });
    expect(computeDailyInsights('2026-06-02', feeds, sleeps, newYork).sleep).toMatchObject({ totalNightMins: 600, bedtime: '20:00' });
  });

  it('with Los Angeles in force, the same entries move to other nights and dates', () => {
    expect(computeDailyInsights('2026-06-02', feeds, sleeps, losAngeles).sleep).toMatchObject({ totalNightMins: 600, bedtime: '17:00' });
    expect(computeDailyInsights('2026-06-03', feeds, sleeps, losAngeles).sleep).toMatchObject({
      napCount: 0,
      totalNightMins: 90,
      bedtime: '05:30',
      bedtimeMinutesFromMidnight: 1770,
      calendarDaySleepMins: 180,
    });
    expect(computeDailyInsights('2026-06-04', feeds, sleeps, losAngeles)).toEqual({
      date: '2026-06-04',
      feeding: {
        feedCount: 2,
        totalOz24h: 7,
        amountCount: 2,
        avgIntervalMins: 1050,
        shortGapSumMins: 0,
        shortGapCount: 0,
        firstFeedAt: '2026-06-04T11:30:00Z',
        lastFeed: { timeISO: '2026-06-05T05:00:00Z', amountOz: 4, method: 'Bottle' },
      },
      sleep: {
        napCount: 0,
        totalDayMins: 0,
        naps: [],
        totalNightMins: 450,
        longestNightStretchMins: 450,
        firstNightStretchMins: 450,
        bedtime: '22:30',
        bedtimeMinutesFromMidnight: 1350,
        lastFeedBeforeNight: '22:00',
        calendarDaySleepMins: 180,
      },
      diapers: noDiapers,
    });
    expect(computeDailyInsights('2026-06-05', feeds, sleeps, losAngeles)).toMatchObject({
      feeding: noFeeds,
      sleep: { napCount: 0, totalNightMins: 0, calendarDaySleepMins: 360 },
    });
  });
});
