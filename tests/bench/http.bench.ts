import autocannon, { type Result } from 'autocannon';
import Fastify from 'fastify';
import { startSeededServer } from './support/seeded-server';

/**
 * Throughput of the embedded server over real HTTP against a bare Fastify route answering the same
 * JSON body: what our read and write paths cost on top of Fastify itself.
 * `npx tsx tests/bench/http.bench.ts` (CONNECTIONS, DURATION in seconds).
 * Goals: daily insights ≥ 50 % and POST /api/feedings ≥ 25 % of the bare route's requests/s.
 */
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const DURATION = Number(process.env.DURATION ?? 5);

const seeded = await startSeededServer({ days: 30 });
const auth = { authorization: `Bearer ${seeded.token}` };
const insightsPath = `/api/children/${seeded.childId}/insights/daily`;
const sample = await fetch(`${seeded.url}${insightsPath}`, { headers: auth });
if (sample.status !== 200) throw new Error(`daily insights answered ${sample.status}`);
const insightsBody = await sample.text();

const bare = Fastify({ logger: false });
bare.get('/bare', async (_request, reply) => reply.type('application/json').send(insightsBody));
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

// Writes go to a child of their own, each request 20 minutes earlier than the last, so none overlaps.
const writeChild = await fetch(`${seeded.url}/api/children`, {
  method: 'POST',
  headers: { ...auth, 'content-type': 'application/json' },
  body: JSON.stringify({ displayName: 'Bench', birthDate: '2025-01-01', sex: 'Female', timezone: 'UTC' }),
}).then((response) => response.json() as Promise<{ id: string }>);
const now = Date.now();
let sent = 0;

async function run(label: string, options: Parameters<typeof autocannon>[0]): Promise<Result & { label: string }> {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...options });
  return Object.assign(result, { label });
}

const results = [
  await run('bare Fastify, same JSON body', { url: `${bareUrl}/bare` }),
  await run('GET insights/daily (7 days)', { url: `${seeded.url}${insightsPath}`, headers: auth }),
  await run('POST /api/feedings', {
    url: `${seeded.url}/api/feedings`,
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    // Per-request bodies only take effect through `requests` (a top-level setupRequest is ignored).
    requests: [
      {
        method: 'POST',
        setupRequest(request) {
          sent += 1;
          const startedAt = new Date(now - sent * 20 * 60_000).toISOString();
          request.body = JSON.stringify({ childId: writeChild.id, startedAt, method: 'Bottle', amountOz: 3.5, type: 'Formula', notes: 'bench' });
          return request;
        },
      },
    ],
  }),
];

const base = results[0]!.requests.average;
console.log(`${CONNECTIONS} connections, ${DURATION} s each; body ${insightsBody.length} bytes; a child with 30 days of history`);
for (const result of results) {
  console.log(
    `${result.label.padEnd(30)} ${Math.round(result.requests.average).toLocaleString('en').padStart(7)} req/s` +
      `  p50 ${String(result.latency.p50).padStart(3)} ms  p99 ${String(result.latency.p99).padStart(3)} ms` +
      `  ${String(Math.round((100 * result.requests.average) / base)).padStart(3)} % of bare` +
      `  (${result.requests.total} requests, non-2xx ${result.non2xx}, errors ${result.errors})`,
  );
}

await bare.close();
await seeded.close();
