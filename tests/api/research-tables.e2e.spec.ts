import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './support/service-process';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * The release's final state as tables, read by an independent reader (DuckDB) from the CSV and the
 * Parquet files, over HTTP and from the command line: feeds per day, worked out by hand below.
 */
const run = promisify(execFile);
const STATIC_TOKEN = 'static-researcher-token-for-tables';
const NOW = new Date('2026-11-29T12:00:00.000Z');

let server: TestServer;
let parent: string;
let dir: string;
let duck: DuckDBConnection;

async function created(pathname: string, body: unknown): Promise<string> {
  const answer = await server.call('POST', pathname, { token: parent, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.id;
}

const feeding = (childId: string, startedAt: string, extra: Record<string, unknown> = {}) =>
  created('/api/feedings', { childId, startedAt, endedAt: new Date(Date.parse(startedAt) + 15 * 60_000).toISOString(), method: 'Bottle', type: 'Formula', amountOz: 3, ...extra });

beforeAll(async () => {
  server = await startTestServer({ RESEARCH_TOKENS: STATIC_TOKEN, RESEARCH_MIN_CHILDREN: '2' }, { clock: () => NOW });
  dir = mkdtempSync(path.join(tmpdir(), 'nightlight-tables-'));
  duck = await (await DuckDBInstance.create(':memory:')).connect();
  parent = (await server.call('POST', '/api/auth/register', { body: { email: 'tables@example.org', password: 'Sleepy baby 42', referralCode: 'TEST42' } })).body.accessToken;
  // Both in UTC, fed between 08:00 and 18:00: every feeding stays on its day on the shifted clock.
  const ada = await created('/api/children', { displayName: 'Ada', birthDate: '2025-10-01', sex: 'Female', timezone: 'UTC', researchConsent: true });
  const ben = await created('/api/children', { displayName: 'Ben', birthDate: '2025-10-05', sex: 'Male', timezone: 'UTC', researchConsent: true });
  const carl = await created('/api/children', { displayName: 'Carl', birthDate: '2025-10-05', sex: 'Male', timezone: 'UTC' });

  // Ada, 10 November: 3 feeds. 11 November: 3 logged, one deleted: 2. 12 November: 4.
  for (const time of ['08:00', '12:00', '16:00']) await feeding(ada, `2025-11-10T${time}:00.000Z`);
  const corrected = await feeding(ada, '2025-11-11T08:00:00.000Z');
  await feeding(ada, '2025-11-11T12:00:00.000Z');
  const deleted = await feeding(ada, '2025-11-11T16:00:00.000Z');
  for (const time of ['08:00', '11:00', '14:00', '17:00']) await feeding(ada, `2025-11-12T${time}:00.000Z`);
  // The 08:00 bottle was 5 oz, not 3; the 16:00 one was never given.
  expect((await server.call('PUT', `/api/feedings/${corrected}`, { token: parent, body: { childId: ada, startedAt: '2025-11-11T08:00:00.000Z', endedAt: '2025-11-11T08:15:00.000Z', method: 'Bottle', type: 'Formula', amountOz: 5 } })).status).toBe(200);
  expect((await server.call('DELETE', `/api/feedings/${deleted}`, { token: parent })).status).toBe(200);
  // A nap is no feed.
  await created('/api/sleep', { childId: ada, startedAt: '2025-11-12T09:00:00.000Z', endedAt: '2025-11-12T10:00:00.000Z' });

  // Ben, 10 November: 1 feed, nursed 12 minutes left and 8 right. 11 November: 5 feeds.
  await created('/api/feedings', { childId: ben, startedAt: '2025-11-10T09:00:00.000Z', endedAt: '2025-11-10T09:20:00.000Z', method: 'Nursing', sides: { leftMinutes: 12, rightMinutes: 8 } });
  for (const time of ['08:00', '10:00', '12:00', '14:00', '16:00']) await feeding(ben, `2025-11-11T${time}:00.000Z`);

  // Carl's parents were not asked about research: he is in no table.
  await feeding(carl, '2025-11-10T08:00:00.000Z');
});
afterAll(async () => {
  duck.closeSync();
  rmSync(dir, { recursive: true, force: true });
  await server.close();
});

async function download(name: string): Promise<Buffer> {
  const response = await fetch(`${server.url}/api/research/${name}`, { headers: { authorization: `Bearer ${STATIC_TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe(name.endsWith('.csv') ? 'text/csv; charset=utf-8' : 'application/vnd.apache.parquet');
  return Buffer.from(await response.arrayBuffer());
}

// CSV columns are typed by DuckDB's own detection (whole numbers as BIGINT): the queries cast what they compare.
const query = async (sql: string) => (await duck.runAndReadAll(sql)).getRowObjectsJson();

/** Feeds per child and shifted day, in the order of the children's birth dates and the days. */
async function feedsPerDay(entries: string): Promise<number[][]> {
  const rows = await query(`
    SELECT stream, localDate, count(*) AS feeds
    FROM ${entries} WHERE kind = 'feeding'
    GROUP BY stream, localDate ORDER BY stream, localDate`);
  const byStream = new Map<string, number[]>();
  for (const row of rows) byStream.set(String(row.stream), [...(byStream.get(String(row.stream)) ?? []), Number(row.feeds)]);
  return [...byStream.values()].sort((a, b) => b.length - a.length);
}

describe('the final-state tables', () => {
  it('over HTTP, as CSV and as Parquet, give the feeds per day worked out by hand', async () => {
    for (const name of ['entries.csv', 'entries.parquet', 'children.csv', 'children.parquet']) writeFileSync(path.join(dir, `http-${name}`), await download(name));
    const csv = `read_csv('${path.join(dir, 'http-entries.csv')}', header = true)`;
    const parquet = `read_parquet('${path.join(dir, 'http-entries.parquet')}')`;
    for (const entries of [csv, parquet]) {
      // Ada: 3, 2 (one deleted), 4. Ben: 1, 5.
      expect(await feedsPerDay(entries)).toEqual([
        [3, 2, 4],
        [1, 5],
      ]);
      // Ada's feeds: 3 + 2 + 4 = 9 over 3 days, 3 a day; Ben's 6 over 2, 3 a day. Her bottles: 8 of 3 oz and the corrected 5 oz, 29 oz.
      expect(await query(`SELECT sex, count(*) / count(DISTINCT localDate) AS perDay, sum(amountOz)::DOUBLE AS ounces FROM ${entries} WHERE kind = 'feeding' GROUP BY sex ORDER BY sex`)).toEqual([
        { sex: 'Female', perDay: 3, ounces: 29 },
        { sex: 'Male', perDay: 3, ounces: 15 },
      ]);
      expect(await query(`SELECT method, leftMinutes::INTEGER AS leftMinutes, rightMinutes::INTEGER AS rightMinutes, durationMinutes::INTEGER AS durationMinutes, (endMinute - minute)::INTEGER AS elapsed FROM ${entries} WHERE method = 'Nursing'`)).toEqual([
        { method: 'Nursing', leftMinutes: 12, rightMinutes: 8, durationMinutes: 20, elapsed: 20 },
      ]);
      expect(await query(`SELECT kind, night, durationMinutes::INTEGER AS durationMinutes FROM ${entries} WHERE kind = 'sleep'`)).toEqual([{ kind: 'sleep', night: false, durationMinutes: 60 }]);
    }
    for (const children of [`read_csv('${path.join(dir, 'http-children.csv')}', header = true)`, `read_parquet('${path.join(dir, 'http-children.parquet')}')`]) {
      expect(await query(`SELECT sex, ageFrom, hour(nightWindowStart::TIME)::INTEGER AS nightFrom, anonymized, entries::INTEGER AS entries FROM ${children} ORDER BY sex`)).toEqual([
        { sex: 'Female', ageFrom: 'birth-date', nightFrom: 19, anonymized: false, entries: 10 },
        { sex: 'Male', ageFrom: 'birth-date', nightFrom: 19, anonymized: false, entries: 6 },
      ]);
    }
  });

  it('are the same files from `npm run research -- tables --out DIR`', async () => {
    const out = path.join(dir, 'cli');
    const { stderr } = await run(path.join(REPO_ROOT, 'node_modules/.bin/tsx'), ['projector/src/research/research-cli.ts', 'tables', '--out', out], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATA_DIR: server.dataDir, RESEARCH_MIN_CHILDREN: '2' },
    });
    expect(stderr).toContain(`Wrote entries and children of 2 children, as CSV and Parquet, to ${out}`);
    for (const name of ['entries.csv', 'entries.parquet', 'children.csv', 'children.parquet']) expect(readFileSync(path.join(out, name)), name).toEqual(readFileSync(path.join(dir, `http-${name}`)));
    expect(await feedsPerDay(`read_parquet('${path.join(out, 'entries.parquet')}')`)).toEqual([
      [3, 2, 4],
      [1, 5],
    ]);
  });

  it('hold no name, real date or real id', async () => {
    const text = readFileSync(path.join(dir, 'http-entries.csv'), 'utf8') + readFileSync(path.join(dir, 'http-children.csv'), 'utf8');
    for (const secret of ['Ada', 'Ben', 'Carl', 'example.org']) expect(text, secret).not.toContain(secret);
    // A real date may appear by chance as another's shifted one (Ada's birth date moved six weeks is
    // one of her feeding days): what must never appear is a date in its own place. Each child moves
    // by whole weeks, never none, so her days (three in a row) cannot land on any of her own.
    const real = {
      Female: { birthDate: '2025-10-01', days: ['2025-11-10', '2025-11-11', '2025-11-12'] },
      Male: { birthDate: '2025-10-05', days: ['2025-11-10', '2025-11-11'] },
    };
    const rowsOf = (name: string) => {
      const [header, ...lines] = readFileSync(path.join(dir, name), 'utf8').trim().split('\r\n').map((line) => line.split(','));
      return lines.map((cells) => Object.fromEntries(header!.map((column, i) => [column, cells[i]!])));
    };
    const children = rowsOf('http-children.csv');
    expect(children.map((child) => child.sex).sort()).toEqual(['Female', 'Male']);
    for (const child of children) {
      const { birthDate } = real[child.sex as keyof typeof real];
      const movedDays = (Date.parse(child.shiftedBirthDate!) - Date.parse(birthDate)) / 86_400_000;
      expect(Math.abs(movedDays) % 7, child.sex).toBe(0);
      expect(movedDays, child.sex).not.toBe(0);
    }
    for (const entry of rowsOf('http-entries.csv')) expect(real[entry.sex as keyof typeof real].days, entry.entry).not.toContain(entry.localDate);
    expect(text.split('\r\n')[0]).toBe(
      'stream,entry,kind,sex,shiftedAt,shiftedEndAt,localDate,localTime,weekday,ageDays,minute,endMinute,durationMinutes,clockChangeMinutes,method,type,amountOz,leftMinutes,rightMinutes,night,roomTempF,whiteNoise,sleepSackTog,contents,color,leftOz,rightOz,solidAmount,solidReaction,temperatureC,temperatureMethod,weightKg,lengthCm,headCm',
    );
  });
});
