import { describe, expect, it } from 'vitest';
import { computeDailyInsights } from './daily-insights';
import type { ChildSchedule, FeedingInput, SleepInput } from './insight-inputs';
import { newYork, weekDates, weekFeedings, weekSleeps } from './ordinary-week.fixture';
import { weeklyRows } from './weekly-rows';

const utc: ChildSchedule = { timezone: 'UTC', nightWindowStart: '19:00', nightWindowEnd: '08:00' };
const sleep = (id: string, startedAt: string, endedAt: string): SleepInput => ({ id, startedAt, endedAt });
/** `count` bottle feeds of 2 oz on 2026-07-15, on the hour from 01:00 UTC. */
const feedsOn15th = (count: number): FeedingInput[] =>
  Array.from({ length: count }, (_, i) => ({ id: `f${i}`, startedAt: `2026-07-15T0${i + 1}:00:00Z`, amountOz: 2, method: 'Bottle' }));

/** The row of Wednesday 2026-07-15 as today. */
function rowOf15th(feeds: FeedingInput[], sleeps: SleepInput[]) {
  return weeklyRows([computeDailyInsights('2026-07-15', feeds, sleeps, utc)], '2026-07-15')[0];
}

describe('the last 7 days of an ordinary week', () => {
  it('lists today and the six dates before it, newest first', () => {
    const docs = [...weekDates, '2026-06-08'].map((date) => computeDailyInsights(date, weekFeedings, weekSleeps, newYork));
    const ordinary = { feeds: 5, totalOz: '13.3', totalMl: '392', sleepHours: '13h 55m', diapers: 0, note: 'Normal day' };
    expect(weeklyRows(docs, '2026-06-07')).toEqual([
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
});

describe('the last 7 days across the fall-back change', () => {
  it('splits nights at each midnight and counts the 25 h day in full', () => {
    const feeds: FeedingInput[] = [
      { id: 'g1', startedAt: '2026-11-01T05:30:00Z', amountOz: 2, method: 'Bottle' },
      { id: 'g2', startedAt: '2026-11-01T06:30:00Z', amountOz: 2, method: 'Bottle' },
      { id: 'g3', startedAt: '2026-11-01T17:00:00Z', amountOz: 4.5, method: 'Bottle' },
    ];
    const sleeps = [
      sleep('e', '2026-10-31T23:00:00Z', '2026-11-01T12:00:00Z'),
      sleep('h', '2026-11-01T18:00:00Z', '2026-11-01T20:30:00Z'),
      sleep('k', '2026-11-02T00:15:00Z', '2026-11-02T11:45:00Z'),
    ];
    const dates = ['2026-10-27', '2026-10-28', '2026-10-29', '2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02'];
    const docs = dates.map((date) => computeDailyInsights(date, feeds, sleeps, newYork));
    const empty = { isToday: false, isWeekend: false, feeds: 0, totalOz: '0.0', totalMl: '0', sleepHours: '0m', diapers: 0, note: 'No data' };
    expect(weeklyRows(docs, '2026-11-02')).toEqual([
      // 05:00Z to 11:45Z of k.
      { day: 'Mon', date: '2026-11-02', isToday: true, isWeekend: false, feeds: 0, totalOz: '0.0', totalMl: '0', sleepHours: '6h 45m', diapers: 0, note: 'Short sleep' },
      { day: 'Sun', date: '2026-11-01', isToday: false, isWeekend: true, feeds: 3, totalOz: '8.5', totalMl: '251', sleepHours: '15h 15m', diapers: 0, note: 'Normal day' },
      { day: 'Sat', date: '2026-10-31', isToday: false, isWeekend: true, feeds: 0, totalOz: '0.0', totalMl: '0', sleepHours: '5h 0m', diapers: 0, note: 'Short sleep' },
      { ...empty, day: 'Fri', date: '2026-10-30' },
      { ...empty, day: 'Thu', date: '2026-10-29' },
      { ...empty, day: 'Wed', date: '2026-10-28' },
      { ...empty, day: 'Tue', date: '2026-10-27' },
    ]);
  });

  it('treats a date without a document as a day without data', () => {
    expect(weeklyRows([], '2026-11-02')[3]).toEqual({
      day: 'Fri',
      date: '2026-10-30',
      isToday: false,
      isWeekend: false,
      feeds: 0,
      totalOz: '0.0',
      totalMl: '0',
      sleepHours: '0m',
      diapers: 0,
      note: 'No data',
    });
  });
});

describe('the note, first rule that holds', () => {
  const tenHours = [sleep('s', '2026-07-15T09:00:00Z', '2026-07-15T19:00:00Z')];

  it('is frequent feeds from 9 feeds, even on a great sleep day', () => {
    expect(rowOf15th(feedsOn15th(9), tenHours)).toMatchObject({ feeds: 9, totalOz: '18.0', totalMl: '532', note: 'Frequent feeds' });
    expect(rowOf15th(feedsOn15th(8), tenHours)).toMatchObject({ feeds: 8, note: 'Normal day' });
    expect(rowOf15th(feedsOn15th(9), [sleep('s', '2026-07-15T00:00:00Z', '2026-07-15T17:00:00Z')])).toMatchObject({ note: 'Frequent feeds' });
  });

  it('is a great sleep day from 16 h 1 min of sleep', () => {
    expect(rowOf15th([], [sleep('s', '2026-07-15T00:00:00Z', '2026-07-15T16:01:00Z')])).toMatchObject({ sleepHours: '16h 1m', note: 'Great sleep day' });
    expect(rowOf15th([], [sleep('s', '2026-07-15T00:00:00Z', '2026-07-15T16:00:00Z')])).toMatchObject({ sleepHours: '16h 0m', note: 'Normal day' });
  });

  it('is short sleep under 8 h', () => {
    expect(rowOf15th([], [sleep('s', '2026-07-15T00:00:00Z', '2026-07-15T08:00:00Z')])).toMatchObject({ sleepHours: '8h 0m', note: 'Normal day' });
    expect(rowOf15th([], [sleep('s', '2026-07-15T00:00:00Z', '2026-07-15T07:59:00Z')])).toMatchObject({ sleepHours: '7h 59m', note: 'Short sleep' });
    expect(rowOf15th(feedsOn15th(1), [])).toMatchObject({ feeds: 1, totalOz: '2.0', totalMl: '59', sleepHours: '0m', note: 'Short sleep' });
  });

  it('is no data with neither feeds nor sleep', () => {
    expect(rowOf15th([], [])).toMatchObject({ day: 'Wed', isToday: true, isWeekend: false, note: 'No data' });
  });

  it('counts only the part of a sleep inside the day', () => {
    // 20:00 on the 14th to 06:00 on the 15th: 360 min on the 15th.
    expect(rowOf15th([], [sleep('s', '2026-07-14T20:00:00Z', '2026-07-15T06:00:00Z')])).toMatchObject({ sleepHours: '6h 0m', note: 'Short sleep' });
  });
});

describe('diapers in the last 7 days', () => {
  it('counts every change of each local date, dry ones too, and the cards count wet and dirty apart', () => {
    // New York (UTC-4 in July): 03:30 UTC on the 15th is 23:30 on the 14th.
    const diapers = [
      { id: 'd1', occurredAt: '2026-07-14T12:00:00Z', contents: 'wet' as const },
      { id: 'd2', occurredAt: '2026-07-15T03:30:00Z', contents: 'both' as const },
      { id: 'd3', occurredAt: '2026-07-15T10:00:00Z', contents: 'dirty' as const },
      { id: 'd4', occurredAt: '2026-07-15T14:00:00Z', contents: 'dry' as const },
      { id: 'd5', occurredAt: '2026-07-15T18:00:00Z', contents: 'wet' as const },
    ];
    const schedule = { ...utc, timezone: 'America/New_York' };
    const docs = ['2026-07-14', '2026-07-15'].map((date) => computeDailyInsights(date, [], [], schedule, diapers));
    expect(docs.map((doc) => doc.diapers)).toEqual([
      { changeCount: 2, wetCount: 2, dirtyCount: 1 },
      { changeCount: 3, wetCount: 1, dirtyCount: 1 },
    ]);
    const [today, yesterday] = weeklyRows(docs, '2026-07-15');
    expect([today?.diapers, yesterday?.diapers]).toEqual([3, 2]);
  });
});
