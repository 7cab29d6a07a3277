import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon, { type Options, type Result } from 'autocannon';
import Fastify from 'fastify';
import { createSqliteEventStore } from '@nightlight/infrastructure/event-store/sqlite-event-store';
import { startSeededServer } from './support/seeded-server';

/**
 * Throughput of the embedded server over real HTTP against a bare Fastify route answering the same
 * JSON body: what our read and write paths cost on top of Fastify itself.
 * `npx tsx tests/bench/http.bench.ts` (CONNECTIONS, DURATION in seconds per round, ROUNDS).
 * Goals: daily insights ≥ 50 % and POST /api/feedings ≥ 25 % of the bare route's requests/s. Two
 * bare POST routes (same request, an answer of the same size; one of them also appends the body to
 * a SQLite event log and waits for the commit) show, for scale, what any durable write costs here
 * before it checks, records or projects anything.
 *
 * The load generator runs in this process, beside the servers, so every target shares one core with
 * it alike. The targets take turns for ROUNDS rounds and each is reported by its median round,
 * so a burst of other work on the machine cannot favour one of them.
 */
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const DURATION = Number(process.env.DURATION ?? 5);
const ROUNDS = Number(process.env.ROUNDS ?? 3);

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

// The bare routes: the read's answer; and, for scale, two POSTs that parse the same request and
// answer as many bytes as a write, the second after appending the body as an event to a SQLite log
// of its own (same adapter, committed to disk before the answer, as every write is).
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

const targets: { label: string; options: Options }[] = [
  { label: 'bare Fastify, same JSON body', options: { url: `${bareUrl}/bare` } },
  { label: 'GET insights/daily (7 days)', options: { url: `${seeded.url}${insightsPath}`, headers: auth } },
  { label: 'POST /api/feedings', options: feedingPosts(`${seeded.url}/api/feedings`, now - 20 * 60_000) },
  { label: 'bare Fastify POST, same sizes', options: feedingPosts(`${bareUrl}/bare`, now) },
  { label: 'bare POST + durable append', options: feedingPosts(`${bareUrl}/bare-append`, now) },
];

const rounds: Result[][] = targets.map(() => []);
for (let round = 0; round < ROUNDS; round++) {
  for (const [index, target] of targets.entries()) {
    const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...target.options });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${target.label}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    rounds[index]!.push(result);
  }
}

const median = (results: Result[]): Result => [...results].sort((a, b) => a.requests.average - b.requests.average)[Math.floor(results.length / 2)]!;
const medians = rounds.map(median);
const base = medians[0]!.requests.average;
console.log(`${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s per target, median round shown; read body ${insightsBody.length} bytes, write answer ${writeAnswer.length} bytes; a child with 30 days of history`);
for (const [index, result] of medians.entries()) {
  const all = rounds[index]!.map((r) => Math.round(r.requests.average).toLocaleString('en')).join(' / ');
  console.log(
    `${targets[index]!.label.padEnd(30)} ${Math.round(result.requests.average).toLocaleString('en').padStart(7)} req/s` +
      `  p50 ${String(result.latency.p50).padStart(3)} ms  p99 ${String(result.latency.p99).padStart(3)} ms` +
      `  ${String(Math.round((100 * result.requests.average) / base)).padStart(3)} % of bare  (rounds: ${all})`,
  );
}

const [, , write, barePost, bareAppend] = medians;
const share = (result: Result | undefined) => Math.round((100 * write!.requests.average) / result!.requests.average);
console.log(`POST /api/feedings is ${share(barePost)} % of the bare POST, ${share(bareAppend)} % of the bare POST with its durable append`);

await bare.close();
await bareLog.close();
rmSync(bareLogDir, { recursive: true, force: true });
await seeded.close();
