import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportWeek } from '@nightlight/domain/reports/report-week.fixture';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * The pediatrician's report over HTTP: the fixture week (domain/src/reports/report-week.fixture.ts)
 * logged through the API as a parent would, then read back. Every figure is written here as the
 * literal computed by hand; the server's clock is set to the morning after the week.
 */

// 08:00 on Monday 8 June 2026 in New York, after the week's last night ended at 06:45.
const NOW = Date.parse('2026-06-08T12:00:00.000Z');
let server: TestServer;
const parentId = uuidv7();
const strangerId = uuidv7();
let position = 0;

beforeAll(async () => {
  server = await startTestServer({}, { clock: () => new Date(NOW) });
});
afterAll(() => server.close());

const tokenOf = (userId: string) => server.server.adapters.tokens.issueAccessToken(userId);

async function write(path: string, body: unknown): Promise<any> {
  const answer = await server.call('POST', path, { token: await tokenOf(parentId), body });
  expect(answer.status, `${path} ${JSON.stringify(body)} → ${JSON.stringify(answer.body)}`).toBe(201);
  position = Math.max(position, answer.body.position);
  return answer.body;
}

async function get(path: string, userId = parentId) {
  return server.call('GET', path, { token: await tokenOf(userId), headers: { 'x-min-position': String(position) } });
}

async function reportOf(childId: string, from: string, to: string) {
  const answer = await get(`/api/children/${childId}/report?from=${from}&to=${to}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.headers.get('x-projection-stale')).toBeNull();
  return answer.body;
}

/** A girl born on 8 March 2026 in New York: 90 days old on Saturday 6 June. */
async function addChild(): Promise<string> {
  const child = await write('/api/children', { displayName: 'JB', birthDate: '2026-03-08', sex: 'Female', timezone: 'America/New_York' });
  return child.id;
}

describe('the report of the fixture week, Monday 1 to Sunday 7 June 2026', () => {
  let childId: string;

  beforeAll(async () => {
    childId = await addChild();
    const week = reportWeek('2026-06-01', 'America/New_York');
    for (const { startedAt, endedAt, amountOz, method } of week.feedings) await write('/api/feedings', { childId, startedAt, endedAt, amountOz, method });
    for (const { startedAt, endedAt } of week.sleeps) await write('/api/sleep', { childId, startedAt, endedAt });
    for (const { occurredAt, contents } of week.diapers) await write('/api/diapers', { childId, occurredAt, contents });
    // A check-up in the week, and one before it that the report leaves out.
    await write('/api/growth', { childId, measuredOn: '2026-05-20', weightKg: 5.2 });
    await write('/api/growth', { childId, measuredOn: '2026-06-06', weightKg: 5.6, lengthCm: 59.5 });
  });

  it('answers every figure computed by hand', async () => {
    const report = await reportOf(childId, '2026-06-01', '2026-06-07');
    expect(report).toMatchObject({
      child: { id: childId, displayName: 'JB', birthDate: '2026-03-08', sex: 'Female' },
      age: { days: 91, text: '2 months 30 days' },
      // Thursday 4 June has nothing logged; only the end of Wednesday's night falls on it.
      range: { from: '2026-06-01', to: '2026-06-07', days: 7, daysWithEntries: 6 },
      // 5 + 6 + 4 + 7 + 5 + 5 = 32 feeds over 6 days.
      feeds: { mean: 5.3, min: 4, max: 7 },
      // 16 + 18 + 8 + 22 + 20 + 14 = 98 oz over 6 days: 16.33 oz = 483.03 mL.
      amount: { oz: { mean: 16.3, min: 8, max: 22 }, mL: { mean: 483, min: 237, max: 651 } },
      // Wet 33 over 6 days, dirty 10.
      diapers: { wet: { mean: 5.5, min: 4, max: 7 }, dirty: { mean: 1.7, min: 0, max: 3 } },
      sleep: {
        // Naps 940 minutes over 6 days; nights 3750.
        day: { meanMins: 157, meanHuman: '2h 37m', minMins: 120, minHuman: '2h 0m', maxMins: 180, maxHuman: '3h 0m' },
        night: { meanMins: 625, meanHuman: '10h 25m', minMins: 600, minHuman: '10h 0m', maxMins: 660, maxHuman: '11h 0m' },
        // Friday 19:15 to Saturday 03:25.
        longestNightStretch: { mins: 490, human: '8h 10m', date: '2026-06-05' },
      },
      milestone: {
        key: '2-months',
        label: '2 months',
        amountPerFeeding: '4–5 oz (120–150 mL)',
        feedingsPerDay: '6–7',
        source: 'AAP, HealthyChildren.org, "Amount and Schedule of Baby Formula Feedings"; CHOP Infant Feeding Guide',
      },
    });
    expect(report.days.map((day: any) => [day.date, day.hasEntries, day.feedCount, day.totalOz, day.wetCount, day.dirtyCount, day.dayMins, day.nightMins])).toEqual([
      ['2026-06-01', true, 5, 16, 5, 2, 150, 630],
      ['2026-06-02', true, 6, 18, 6, 1, 180, 630],
      ['2026-06-03', true, 4, 8, 4, 3, 160, 600],
      ['2026-06-04', false, 0, 0, 0, 0, 0, 0],
      ['2026-06-05', true, 7, 22, 7, 2, 150, 660],
      ['2026-06-06', true, 5, 20, 6, 0, 180, 600],
      ['2026-06-07', true, 5, 14, 5, 2, 120, 630],
    ]);
  });

  it("lists the week's measurement with its WHO percentiles, and not the one before", async () => {
    const { growth } = await reportOf(childId, '2026-06-01', '2026-06-07');
    expect(growth).toHaveLength(1);
    // A girl of 90 days: 5.6 kg is at the 38.3rd percentile, 59.5 cm at the 46.5th.
    expect(growth[0]).toMatchObject({
      childId,
      measuredOn: '2026-06-06',
      ageDays: 90,
      display: { weight: '5.6 kg', length: '59.5 cm', head: null },
      percentiles: { weight: 38.3, length: 46.5, head: null },
    });
  });

  it('gives the minutes per breast and the milk pumped per day', async () => {
    const nursed = await addChild();
    // Monday 1 June: 15 minutes left and 10 right, and 60 mL pumped; Tuesday: 12 and 12, and 30 mL.
    await write('/api/feedings', { childId: nursed, startedAt: '2026-06-01T14:00:00.000Z', endedAt: '2026-06-01T14:25:00.000Z', method: 'Nursing', sides: { leftMinutes: 15, rightMinutes: 10 } });
    await write('/api/feedings', { childId: nursed, startedAt: '2026-06-02T14:00:00.000Z', endedAt: '2026-06-02T14:24:00.000Z', method: 'Nursing', sides: { leftMinutes: 12, rightMinutes: 12 } });
    await write('/api/pumpings', { childId: nursed, startedAt: '2026-06-01T16:00:00.000Z', leftAmount: 60, unit: 'mL' });
    await write('/api/pumpings', { childId: nursed, startedAt: '2026-06-02T16:00:00.000Z', leftAmount: 15, rightAmount: 15, unit: 'mL' });
    const report = await reportOf(nursed, '2026-06-01', '2026-06-02');
    // Left 15 and 12 (13.5 a day), right 10 and 12; 60 and 30 mL (2.03 and 1.01 oz).
    expect(report.nursing).toEqual({ left: { mean: 14, min: 12, max: 15 }, right: { mean: 11, min: 10, max: 12 } });
    expect(report.pumping).toEqual({ oz: { mean: 1.5, min: 1, max: 2 }, mL: { mean: 45, min: 30, max: 60 } });
    expect(report.days.map((day: any) => [day.nursingLeftMins, day.nursingRightMins])).toEqual([
      [15, 10],
      [12, 12],
    ]);
  });

  it('takes a range of the week: Wednesday to Thursday has one day with entries', async () => {
    const report = await reportOf(childId, '2026-06-03', '2026-06-04');
    expect(report.range).toEqual({ from: '2026-06-03', to: '2026-06-04', days: 2, daysWithEntries: 1 });
    expect(report.feeds).toEqual({ mean: 4, min: 4, max: 4 });
    expect(report.sleep.longestNightStretch).toEqual({ mins: 450, human: '7h 30m', date: '2026-06-03' });
    expect(report.growth).toEqual([]);
  });

  it('has no figures for a range with nothing logged, and no age or milestone before the birth date', async () => {
    const report = await reportOf(childId, '2026-02-01', '2026-02-28');
    expect(report).toMatchObject({
      age: null,
      range: { from: '2026-02-01', to: '2026-02-28', days: 28, daysWithEntries: 0 },
      feeds: null,
      amount: null,
      diapers: null,
      sleep: { day: null, night: null, longestNightStretch: null },
      growth: [],
      milestone: null,
    });
    expect(report.days).toHaveLength(28);
  });

  it('takes a range of 366 days', async () => {
    const report = await reportOf(childId, '2025-06-08', '2026-06-08');
    expect(report.range).toMatchObject({ days: 366, daysWithEntries: 6 });
  });

  it('refuses a missing or impossible date, a reversed range and one too long, with clear messages', async () => {
    const refusal = async (query: string) => {
      const answer = await get(`/api/children/${childId}/report${query}`);
      expect(answer.status, query).toBe(400);
      return answer.body.message;
    };
    expect(await refusal('')).toBe('from is required');
    expect(await refusal('?from=2026-06-01')).toBe('to is required');
    expect(await refusal('?from=2026-02-30&to=2026-06-07')).toBe('from must be a date (YYYY-MM-DD)');
    expect(await refusal('?from=2026-06-01&to=7 June')).toBe('to must be a date (YYYY-MM-DD)');
    expect(await refusal('?from=2026-06-08&to=2026-06-07')).toBe('from must not be after to');
    expect(await refusal('?from=2025-06-07&to=2026-06-08')).toBe('The range can be at most 366 days');
  });

  it("answers 404 'Child not found' for a child of another family, an unknown id or a malformed one", async () => {
    const query = '?from=2026-06-01&to=2026-06-07';
    for (const [id, userId] of [
      [childId, strangerId],
      [uuidv7(), parentId],
      ['not-a-uuid', parentId],
    ] as const) {
      const answer = await get(`/api/children/${id}/report${query}`, userId);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: 'Child not found', code: 'child.notFound' });
    }
  });

  it('asks for a token', async () => {
    const answer = await server.call('GET', `/api/children/${childId}/report?from=2026-06-01&to=2026-06-07`);
    expect(answer.status).toBe(401);
  });
});
