import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon, { type Options, type Result } from 'autocannon';
import Fastify from 'fastify';
import { createSqliteEventStore } from '@nightlight/infrastructure/event-store/sqlite-event-store';
import { startSeededServer } from './support/seeded-server';

/**
 * Throughput of the embedded server over real HTTP against bare Fastify routes answering the same
 * JSON: what our read and write paths cost on top of Fastify itself.
 * `npx tsx tests/bench/http.bench.ts` (CONNECTIONS, DURATION in seconds per round, ROUNDS, WARMUP in
 * seconds of the untimed first round).
 * Goals: daily insights ≥ 50 % of a bare GET answering the same body; POST /api/feedings ≥ 25 %
 * of a bare POST that gets the same requests and answers as many bytes (docs/decisions.md,
 * "Benchmarks", says why a write is measured against a POST). For scale it also prints the write
 * against the bare GET, and against a bare POST that appends the body to a SQLite event log of its
 * own and waits for the commit: what any durable write costs here before it checks, records or
 * projects anything.
 *
 * The load generator runs in this process, beside the servers, so every target shares one core with
 * it alike. The targets take turns for ROUNDS rounds and each is reported by its median round,
 * so a burst of other work on the machine cannot favour one of them.
 */
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const DURATION = Number(process.env.DURATION ?? 5);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const WARMUP = Number(process.env.WARMUP ?? 2);

const seeded = await startSeededServer({ days: 30 });
const auth = { authorization: `Bearer ${seeded.token}` };
const insightsPath = `/api/children/${seeded.childId}/insights/daily`;
const sample = await fetch(`${seeded.url}${insightsPath}`, { headers: auth });
if (sample.status !== 200) throw new Error(`daily insights answered ${sample.status}`);
const insightsBody = await sample.text();

// Writes go to a child of their own, each request 20 minutes earlier than the last, so none overlaps.
// Each carries its own Idempotency-Key, as every write from the web app does.
const writeChild = await fetch(`${seeded.url}/api/children`, {
  method: 'POST',
  headers: { ...auth, 'content-type': 'application/json' },
  body: JSON.stringify({ displayName: 'Bench', birthDate: '2025-01-01', sex: 'Female', timezone: 'UTC' }),
}).then((response) => response.json() as Promise<{ id: string }>);
/** Feedings of the write child, each 20 minutes before the last, the first 20 minutes before `fromMs`. */
const feedingsBefore = (fromMs: number) => {
  let sent = 0;
  return () => {
    sent += 1;
    const startedAt = new Date(fromMs - sent * 20 * 60_000).toISOString();
    return {
      headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ childId: writeChild.id, startedAt, method: 'Bottle', amountOz: 3.5, type: 'Formula', notes: 'bench' }),
    };
  };
};
const now = Date.now();
const writeAnswer = await fetch(`${seeded.url}/api/feedings`, { method: 'POST', ...feedingsBefore(now)() }).then((response) => response.text());

// The bare routes: a GET answering the read's body; a POST that parses the same requests as the
// write and answers as many bytes; and, for scale, that POST appending the body as an event to a
// SQLite log of its own first (same adapter, committed to disk before the answer, as every write is).
const bare = Fastify({ logger: false });
bare.get('/bare', async (_request, reply) => reply.type('application/json').send(insightsBody));
bare.post('/bare', async (_request, reply) => reply.status(201).type('application/json').send(writeAnswer));
const bareLogDir = mkdtempSync(path.join(tmpdir(), 'nightlight-bench-bare-'));
const bareLog = createSqliteEventStore({ file: path.join(bareLogDir, 'events.db') });
bare.post('/bare-append', async (request, reply) => {
  const event = { id: randomUUID(), type: 'FeedingLogged', data: request.body as Record<string, unknown>, metadata: { correlationId: request.id, causationId: request.id, recordedAt: new Date().toISOString(), schemaVersion: 1 } };
  await bareLog.append(`feeding-${randomUUID()}`, [event], 'no_stream');
  return reply.status(201).type('application/json').send(writeAnswer);
});
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
// Per-request bodies only take effect through `requests` (a top-level setupRequest is ignored).
const feedingPosts = (url: string, fromMs: number): Options => {
  const next = feedingsBefore(fromMs);
  return { url, method: 'POST', requests: [{ method: 'POST', setupRequest: (request) => Object.assign(request, next()) }] };
};

/** A measured route names the bare route it is held to (by label) and the share it must reach. */
type Target = { label: string; options: Options; goal?: { bare: string; percent: number } };
const BARE_GET = 'bare GET, same JSON body';
const BARE_POST = 'bare POST, same requests';
const BARE_APPEND = 'bare POST + durable append';
const targets: Target[] = [
  { label: BARE_GET, options: { url: `${bareUrl}/bare` } },
  { label: 'GET insights/daily (7 days)', options: { url: `${seeded.url}${insightsPath}`, headers: auth }, goal: { bare: BARE_GET, percent: 50 } },
  { label: 'POST /api/feedings', options: feedingPosts(`${seeded.url}/api/feedings`, now - 20 * 60_000), goal: { bare: BARE_POST, percent: 25 } },
  { label: BARE_POST, options: feedingPosts(`${bareUrl}/bare`, now) },
  { label: BARE_APPEND, options: feedingPosts(`${bareUrl}/bare-append`, now) },
];

// An untimed round first, so that no counted round runs code not yet optimised or a log file still growing.
for (const target of targets) await autocannon({ connections: CONNECTIONS, duration: WARMUP, ...target.options });
const rounds: Result[][] = targets.map(() => []);
for (let round = 0; round < ROUNDS; round++) {
  for (const [index, target] of targets.entries()) {
    const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...target.options });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${target.label}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    rounds[index]!.push(result);
  }
}

const median = (results: Result[]): Result => [...results].sort((a, b) => a.requests.average - b.requests.average)[Math.floor(results.length / 2)]!;
const rate = new Map(targets.map((target, index) => [target.label, median(rounds[index]!).requests.average]));
const percentOf = (label: string, bare: string) => Math.round((100 * rate.get(label)!) / rate.get(bare)!);
console.log(`${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s per target after ${WARMUP} s untimed, median round shown; read body ${insightsBody.length} bytes, write answer ${writeAnswer.length} bytes; a child with 30 days of history`);
for (const [index, target] of targets.entries()) {
  const result = median(rounds[index]!);
  const all = rounds[index]!.map((r) => Math.round(r.requests.average).toLocaleString('en')).join(' / ');
  const share = target.goal ? `${percentOf(target.label, target.goal.bare)} % of the ${target.goal.bare.split(',')[0]} (goal ≥ ${target.goal.percent} %)` : '';
  console.log(
    `${target.label.padEnd(28)} ${Math.round(result.requests.average).toLocaleString('en').padStart(7)} req/s` +
      `  p50 ${String(result.latency.p50).padStart(3)} ms  p99 ${String(result.latency.p99).padStart(3)} ms  (rounds: ${all})  ${share}`,
  );
}
console.log(
  `for scale: POST /api/feedings is ${percentOf('POST /api/feedings', BARE_GET)} % of the bare GET and ${percentOf('POST /api/feedings', BARE_APPEND)} % of the bare POST with its durable append; ` +
    `the bare POST is ${percentOf(BARE_POST, BARE_GET)} % of the bare GET`,
);

await bare.close();
await bareLog.close();
rmSync(bareLogDir, { recursive: true, force: true });
await seeded.close();
