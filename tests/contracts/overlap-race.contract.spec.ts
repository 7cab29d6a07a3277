import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../api/support/test-server';
import { postgresDatabase, reachableUrl } from './reachability';

/**
 * The overlap rule holds when the writes arrive together: two parents logging the same bottle, a
 * phone's outbox replaying, 50 requests at once. On every event store that can run here, over real
 * HTTP to the embedded server: exactly one of each overlapping group is stored, the others get 409.
 */
const OVERLAP = { feeding: 'This overlaps a feeding already logged for this child', sleep: 'This overlaps a sleep session already logged for this child' };
const MINUTE = 60_000;

const targets: { name: string; env: () => Record<string, string> }[] = [{ name: 'the embedded SQLite log', env: () => ({}) }];
const esdbUrl = reachableUrl('esdb', 'overlap race on EventStoreDB');
if (esdbUrl) targets.push({ name: 'EventStoreDB', env: () => ({ EVENT_STORE: 'esdb', ESDB_URL: esdbUrl }) });
const postgres = postgresDatabase('overlap race on PostgreSQL');
if (postgres) targets.push({ name: 'PostgreSQL', env: () => ({ EVENT_STORE: 'postgres', READ_STORE: 'postgres', DATABASE_URL: postgres.url() }) });

type Kind = keyof typeof OVERLAP;
interface Write {
  kind: Kind;
  startMinute: number;
  minutes: number;
}

describe.each(targets)('overlapping entries sent at once, on $name', ({ env }) => {
  let server: TestServer;
  let token: string;
  // Each test's entries start from here, in the last 24 hours, so daily insights count them.
  const base = Math.floor((Date.now() - 20 * 60 * MINUTE) / MINUTE) * MINUTE;

  beforeAll(async () => {
    server = await startTestServer(env());
    token = await server.server.adapters.tokens.issueAccessToken(uuidv7());
  });
  afterAll(async () => server?.close());

  const newChild = async () => {
    const child = await server.call('POST', '/api/children', { token, body: { displayName: 'Race', birthDate: '2026-06-01', sex: 'Female', timezone: 'UTC' } });
    expect(child.status).toBe(201);
    return child.body.id as string;
  };

  const send = (childId: string, { kind, startMinute, minutes }: Write) => {
    const startedAt = new Date(base + startMinute * MINUTE).toISOString();
    const endedAt = new Date(base + (startMinute + minutes) * MINUTE).toISOString();
    const body = kind === 'feeding' ? { childId, startedAt, endedAt, method: 'Bottle', amountOz: 3, type: 'Formula' } : { childId, startedAt, endedAt };
    return server.call('POST', kind === 'feeding' ? '/api/feedings' : '/api/sleep', { token, body, headers: { 'idempotency-key': randomUUID() } });
  };

  /** What the child has once every answered write is projected. */
  const stored = async (childId: string, answers: { headers: Headers }[]) => {
    const position = Math.max(0, ...answers.map((answer) => Number(answer.headers.get('x-event-position') ?? 0)));
    const read = (path: string) => server.call('GET', path, { token, headers: { 'x-min-position': String(position) } });
    const [feedings, sleeps] = await Promise.all([read(`/api/feedings?childId=${childId}&limit=500`), read(`/api/sleep?childId=${childId}&limit=500`)]);
    return { feedings: feedings.body as { id: string; startedAt: string; endedAt: string }[], sleeps: sleeps.body as { id: string; startedAt: string; endedAt: string }[], read };
  };

  it('stores one of 50 identical bottles sent at once, answers the other 49 with 409, and counts one feed', async () => {
    const childId = await newChild();
    const answers = await Promise.all(Array.from({ length: 50 }, () => send(childId, { kind: 'feeding', startMinute: 0, minutes: 15 })));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(refused).toHaveLength(49);
    expect(new Set(refused.map((answer) => answer.body.message))).toEqual(new Set([OVERLAP.feeding]));
    const { feedings, read } = await stored(childId, answers);
    expect(feedings).toHaveLength(1);
    const insights = await read(`/api/children/${childId}/insights/daily?tz=UTC`);
    const fed = (insights.body.days as { feeding: { feedCount: number; totalOz24h: number } }[]).filter((day) => day.feeding.feedCount > 0);
    expect(fed.map((day) => day.feeding)).toEqual([expect.objectContaining({ feedCount: 1, totalOz24h: 3 })]);
  });

  it('stores one of 50 sleeps over the same hour sent at once by one child\'s writers, answers the other 49 with the overlap 409, and none with a 5xx', async () => {
    const childId = await newChild();
    // Each starts a minute later than the one before and ends at the hour's end: every pair overlaps.
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => send(childId, { kind: 'sleep', startMinute: i, minutes: 60 - i })));
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(refused).toHaveLength(49);
    expect(new Set(refused.map((answer) => answer.body.message))).toEqual(new Set([OVERLAP.sleep]));
    const { sleeps } = await stored(childId, answers);
    expect(sleeps).toHaveLength(1);
  });

  it('stores one of each of five groups of ten overlapping feedings and one of a group of ten sleeps crossing midnight UTC', async () => {
    const childId = await newChild();
    // Groups two hours apart; within a group every feeding starts within 9 minutes of the first and lasts 15.
    const feedings = Array.from({ length: 50 }, (_, i): Write => ({ kind: 'feeding', startMinute: Math.floor(i / 10) * 120 + (i % 10), minutes: 15 }));
    // Sleeps around the last midnight that is two hours past (so none ends in the future, whatever the
    // time of day), each reaching into both days: their claims meet on both.
    const midnight = (Math.floor((Date.now() - 120 * MINUTE) / (24 * 60 * MINUTE)) * 24 * 60 * MINUTE - base) / MINUTE;
    const sleeps = Array.from({ length: 10 }, (_, i): Write => ({ kind: 'sleep', startMinute: midnight - 30 - i * 3, minutes: 60 + i * 5 }));
    const answers = await Promise.all([...feedings, ...sleeps].map((write) => send(childId, write)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(6);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(54);
    const now = await stored(childId, answers);
    expect(now.feedings).toHaveLength(5);
    expect(now.sleeps).toHaveLength(1);
  });

  it('stores one of each pair when a file is imported while other phones log sessions overlapping its rows, whichever comes first', async () => {
    const childId = await newChild();
    // A Baby Buddy sleep export (UTC, as the child's zone is): a 20-minute sleep every hour of the 8 days before the base.
    const start = base - 8 * 24 * 60 * MINUTE;
    const wall = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
    const rows = Array.from({ length: 8 * 24 }, (_, i) => ({ line: i + 2, startMinute: (start - base) / MINUTE + i * 60 }));
    const csv = ['id,child_id,start,end,nap,notes', ...rows.map(({ startMinute }, i) => `${i + 1},1,${wall(base + startMinute * MINUTE)},${wall(base + (startMinute + 20) * MINUTE)},1,`)].join('\n');
    // Every eighth row is also logged from a phone, ten minutes in, some before the import reaches its day and some after.
    const contested = rows.filter((_, i) => i % 8 === 3);
    const importing = server.call('POST', `/api/children/${childId}/import`, { token, body: { csv }, headers: { 'idempotency-key': randomUUID() } });
    const phones = contested.map(async ({ startMinute }, i) => {
      await new Promise((resolve) => setTimeout(resolve, (i % 6) * 40));
      return send(childId, { kind: 'sleep', startMinute: startMinute + 10, minutes: 20 });
    });
    const [imported, ...answers] = await Promise.all([importing, ...phones]);

    expect(imported.status).toBe(200);
    expect(answers.map((answer) => answer.status).filter((status) => status !== 201 && status !== 409)).toEqual([]);
    for (const answer of answers.filter((each) => each.status === 409)) expect(answer.body).toEqual({ message: OVERLAP.sleep, code: 'entry.overlap' });
    const refusedLines = new Map((imported.body.refused as { line: number; message: string }[]).map(({ line, message }) => [line, message]));
    // Exactly one of each pair: the phone's sleep (and the row refused as overlapping it), or the row (and the phone refused).
    contested.forEach(({ line }, i) => {
      if (answers[i]!.status === 201) expect(refusedLines.get(line)).toBe(OVERLAP.sleep);
      else expect(refusedLines.has(line)).toBe(false);
    });
    expect(refusedLines.size).toBe(answers.filter((answer) => answer.status === 201).length);
    const { sleeps } = await stored(childId, [imported, ...answers]);
    expect(sleeps).toHaveLength(imported.body.entries.sleep + answers.filter((answer) => answer.status === 201).length);
    const spans = sleeps.map((sleep) => [Date.parse(sleep.startedAt), Date.parse(sleep.endedAt)] as const).sort((a, b) => a[0] - b[0]);
    spans.slice(1).forEach(([startedAt], i) => expect(startedAt).toBeGreaterThanOrEqual(spans[i]![1]));
  });

  it('for any writes sent at once, stores entries that never overlap, and refuses only a write that overlaps one stored', async () => {
    const write = fc.record({ kind: fc.constantFrom<Kind>('feeding', 'sleep'), startMinute: fc.integer({ min: 0, max: 240 }), minutes: fc.integer({ min: 1, max: 90 }) });
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 2, maxLength: 24 }), async (writes) => {
        const childId = await newChild();
        const answers = await Promise.all(writes.map((w) => send(childId, w)));
        expect(answers.map((answer) => answer.status).filter((status) => status !== 201 && status !== 409)).toEqual([]);
        const overlaps = (a: Write, b: Write) => a.kind === b.kind && a.startMinute < b.startMinute + b.minutes && b.startMinute < a.startMinute + a.minutes;
        const kept = writes.filter((_, i) => answers[i]!.status === 201);
        for (const [i, a] of kept.entries()) for (const b of kept.slice(i + 1)) expect(overlaps(a, b)).toBe(false);
        writes.forEach((w, i) => {
          if (answers[i]!.status === 409) {
            expect(answers[i]!.body.message).toBe(OVERLAP[w.kind]);
            expect(kept.some((k) => overlaps(k, w))).toBe(true);
          }
        });
        const now = await stored(childId, answers);
        expect(now.feedings.length + now.sleeps.length).toBe(kept.length);
      }),
      { numRuns: 25 },
    );
  });
});
