import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * A hand-computed fixture for a child in New York (EST, UTC-5), logged through the API, read back
 * through every insights route. "Now" is noon on Sunday 22 November 2026, New York time.
 */
const NOW = new Date('2026-11-22T17:00:00.000Z');
const TZ = 'America/New_York';

let server: TestServer;
let parent: string;
let stranger: string;
let childId: string;
let position = 0;

async function write(method: string, path: string, body: unknown): Promise<{ status: number; body: any }> {
  const answer = await server.call(method, path, { token: parent, body });
  expect(answer.status, `${method} ${path} ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  position = Math.max(position, Number(answer.headers.get('x-event-position')));
  return answer;
}

async function read(path: string, token = parent): Promise<{ status: number; body: any }> {
  const answer = await server.call('GET', path, { token, headers: { 'x-min-position': String(position) } });
  expect(answer.headers.get('x-projection-stale')).toBeNull();
  return answer;
}

/** Local New York time on a November 2026 date (EST) as an ISO instant. */
const ny = (date: string, time: string) => new Date(`${date}T${time}:00-05:00`).toISOString();

const bottle = (date: string, time: string, amountOz: number) => write('POST', '/api/feedings', { childId, startedAt: ny(date, time), amountOz, method: 'Bottle' });
const sleep = (from: [string, string], to: [string, string]) => write('POST', '/api/sleep', { childId, startedAt: ny(...from), endedAt: ny(...to) });

beforeAll(async () => {
  server = await startTestServer({}, { clock: () => NOW });
  parent = await server.server.adapters.tokens.issueAccessToken(uuidv7());
  stranger = await server.server.adapters.tokens.issueAccessToken(uuidv7());
  childId = (await write('POST', '/api/children', { displayName: 'Ada', birthDate: '2026-09-01', sex: 'Female', timezone: TZ })).body.id;

  // Friday 20 November: four feeds (one at 21:30), a 90-minute nap, a night split by a waking.
  await bottle('2026-11-20', '07:00', 4);
  await bottle('2026-11-20', '10:30', 3.5);
  await sleep(['2026-11-20', '12:00'], ['2026-11-20', '13:30']);
  await write('POST', '/api/feedings', { childId, startedAt: ny('2026-11-20', '14:00'), endedAt: ny('2026-11-20', '14:20'), method: 'Nursing' });
  await bottle('2026-11-20', '21:30', 5);
  await sleep(['2026-11-20', '22:00'], ['2026-11-21', '02:00']);
  // Saturday 21 November: the waking feed, then back to sleep (still Friday's night).
  await bottle('2026-11-21', '02:05', 2);
  await sleep(['2026-11-21', '02:30'], ['2026-11-21', '06:45']);
  await bottle('2026-11-21', '08:30', 4.5);
  await sleep(['2026-11-21', '09:30'], ['2026-11-21', '11:35']);
  await bottle('2026-11-21', '13:00', 3);
  await sleep(['2026-11-21', '14:00'], ['2026-11-21', '14:45']);
  await sleep(['2026-11-21', '19:45'], ['2026-11-22', '01:10']);
});
afterAll(() => server.close());

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

describe('daily insights', () => {
  it('answers the last 7 local dates ascending, with each day\'s numbers and human forms', async () => {
    const answer = await read(`/api/children/${childId}/insights/daily?days=7&tz=${TZ}`);
    expect(answer.status).toBe(200);
    const friday = {
      date: '2026-11-20',
      // 4 + 3.5 + nursing + 5; gaps 210, 210 and 450 minutes.
      feeding: { totalOz24h: 12.5, avgIntervalMins: 290, feedCount: 4 },
      sleep: {
        totalDayMins: 90,
        // 22:00-02:00 and 02:30-06:45 both belong to Friday's night.
        totalNightMins: 495,
        longestNightStretchMins: 255,
        firstNightStretchMins: 240,
        bedtimeWindow: { earliest: '22:00' },
        totalDayHuman: '1h 30m',
        totalNightHuman: '8h 15m',
        longestNightStretchHuman: '4h 15m',
      },
      diapers: noDiapers,
    };
    const saturday = {
      date: '2026-11-21',
      // 2 + 4.5 + 3; gaps 385 and 270 minutes, mean 327.5 rounded.
      feeding: { totalOz24h: 9.5, avgIntervalMins: 328, feedCount: 3 },
      sleep: {
        totalDayMins: 170,
        totalNightMins: 325,
        longestNightStretchMins: 325,
        firstNightStretchMins: 325,
        bedtimeWindow: { earliest: '19:45' },
        totalDayHuman: '2h 50m',
        totalNightHuman: '5h 25m',
        longestNightStretchHuman: '5h 25m',
      },
      diapers: noDiapers,
    };
    expect(answer.body).toEqual({
      days: [emptyDay('2026-11-16'), emptyDay('2026-11-17'), emptyDay('2026-11-18'), emptyDay('2026-11-19'), friday, saturday, emptyDay('2026-11-22')],
      today: emptyDay('2026-11-22'),
    });
  });

  it('defaults to 7 days in the child\'s zone', async () => {
    const answer = await read(`/api/children/${childId}/insights/daily`);
    expect(answer.body.days.map((day: { date: string }) => day.date)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
  });
});

describe('the viewer\'s zone', () => {
  it('decides which date is today: 07:00 on Monday 23 November in Kiritimati (UTC+14)', async () => {
    const daily = await read(`/api/children/${childId}/insights/daily?days=2&tz=Pacific/Kiritimati`);
    expect(daily.body.days.map((day: { date: string }) => day.date)).toEqual(['2026-11-22', '2026-11-23']);
    expect(daily.body.today).toEqual(emptyDay('2026-11-23'));
    const weekly = await read(`/api/children/${childId}/insights/weekly?tz=Pacific/Kiritimati`);
    expect(weekly.body[0]).toMatchObject({ day: 'Mon', date: '2026-11-23', isToday: true, isWeekend: false, note: 'No data' });
    expect(weekly.body.map((row: { date: string }) => row.date).at(-1)).toBe('2026-11-17');
  });
});

describe('summary', () => {
  it('summarises Friday and Saturday', async () => {
    const answer = await read(`/api/children/${childId}/insights/summary?from=2026-11-20&to=2026-11-21&tz=${TZ}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      feeding: {
        // 22 oz over 6 feeds with an amount.
        avgOzPerFeed: 3.7,
        // 210, 210, 450, 275 (21:30 to 02:05 across midnight), 385, 270: 1800 / 6.
        avgIntervalHuman: '5h 0m',
        lastFeed: { timeISO: '2026-11-21T18:00:00.000Z', amountOz: 3, method: 'Bottle' },
      },
      // Naps of 90, 125 and 45 minutes.
      sleep: { avgNapHuman: '1h 27m', bedtimeWindow: { earliest: '19:45', latest: '22:00' } },
    });
  });

  it('is empty for a range with nothing logged', async () => {
    const answer = await read(`/api/children/${childId}/insights/summary?from=2026-11-16&to=2026-11-18&tz=${TZ}`);
    expect(answer.body).toEqual({
      feeding: { avgOzPerFeed: null, avgIntervalHuman: null, lastFeed: null },
      sleep: { avgNapHuman: null, bedtimeWindow: { earliest: null, latest: null } },
    });
  });
});

describe('weekly rows', () => {
  it('answers today and the six days before, newest first, sleep split at midnight', async () => {
    const answer = await read(`/api/children/${childId}/insights/weekly?tz=${TZ}`);
    expect(answer.status).toBe(200);
    const none = (day: string, date: string) => ({ day, date, isToday: false, isWeekend: false, feeds: 0, totalOz: '0.0', totalMl: '0', sleepHours: '0m', diapers: 0, note: 'No data' });
    expect(answer.body).toEqual([
      // Only 00:00-01:10 of Saturday's night falls on Sunday.
      { day: 'Sun', date: '2026-11-22', isToday: true, isWeekend: true, feeds: 0, totalOz: '0.0', totalMl: '0', sleepHours: '1h 10m', diapers: 0, note: 'Short sleep' },
      // 120 + 255 (Friday's night after midnight) + 125 + 45 + 255 (19:45 to midnight).
      { day: 'Sat', date: '2026-11-21', isToday: false, isWeekend: true, feeds: 3, totalOz: '9.5', totalMl: '281', sleepHours: '13h 20m', diapers: 0, note: 'Normal day' },
      // The 90-minute nap and 22:00 to midnight.
      { day: 'Fri', date: '2026-11-20', isToday: false, isWeekend: false, feeds: 4, totalOz: '12.5', totalMl: '370', sleepHours: '3h 30m', diapers: 0, note: 'Short sleep' },
      none('Thu', '2026-11-19'),
      none('Wed', '2026-11-18'),
      none('Tue', '2026-11-17'),
      none('Mon', '2026-11-16'),
    ]);
  });
});

describe('correlations', () => {
  it('has no pattern yet: two naps in one bucket, one late night and one other', async () => {
    const answer = await read(`/api/children/${childId}/insights/correlations?days=30`);
    expect(answer.status).toBe(200);
    expect(answer.body).toStrictEqual({ napLengthDeltaByFeedBucket: {} });
  });

  it('shows the bucket once a third nap follows a 2 to 3.9 oz feed', async () => {
    // Thursday: 2.5 oz at 09:00, then a 60-minute nap at 10:00.
    await bottle('2026-11-19', '09:00', 2.5);
    await sleep(['2026-11-19', '10:00'], ['2026-11-19', '11:00']);
    const answer = await read(`/api/children/${childId}/insights/correlations?days=30`);
    // Typical nap (90 + 125 + 45 + 60) / 4 = 80; after 2-3.9 oz (90, 45, 60) the mean is 65.
    expect(answer.body).toStrictEqual({ napLengthDeltaByFeedBucket: { '2-3.9': -15 } });
  });

  it('leaves out what is older than the window', async () => {
    const answer = await read(`/api/children/${childId}/insights/correlations?days=1`);
    expect(answer.body).toStrictEqual({ napLengthDeltaByFeedBucket: {} });
  });
});

describe('bad queries', () => {
  it.each([
    ['summary?from=2026-11-21&to=2026-11-20', 'from must not be after to'],
    ['summary?from=yesterday&to=2026-11-20', 'from must be a date (YYYY-MM-DD)'],
    ['summary?from=2026-11-20&to=2026-11-21&tz=Mars/Base', 'tz must be an IANA time zone name'],
    ['summary?from=2026-11-20', 'to is required'],
    ['daily?days=0', 'days must be at least 1'],
    ['daily?days=367', 'days can be at most 366'],
    ['daily?days=seven', 'days must be a number'],
    ['daily?days=1.5', 'days must be a whole number'],
    ['daily?tz=Mars/Base', 'tz must be an IANA time zone name'],
    ['weekly?tz=Mars/Base', 'tz must be an IANA time zone name'],
    ['correlations?days=0', 'days must be at least 1'],
  ])('refuses %s with "%s"', async (query, message) => {
    const answer = await read(`/api/children/${childId}/insights/${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
  });

  it.each(['summary?from=2026-11-20&to=2026-11-21', 'daily', 'weekly', 'correlations'])('hides %s of another user\'s child (404)', async (query) => {
    const answer = await read(`/api/children/${childId}/insights/${query}`, stranger);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('Child not found');
  });
});
