import { percentile, startSeededServer } from './support/seeded-server';

/**
 * What a parent waits for between "saved" and seeing the feeding in the list: sequential pairs of
 * POST /api/feedings then GET /api/feedings with X-Min-Position, timed from the POST's answer to the
 * GET's answer, on the embedded server over real HTTP. Goal: p99 < 20 ms and no stale answer.
 * `npx tsx tests/bench/read-your-writes.bench.ts` (PAIRS to resize).
 */
const PAIRS = Number(process.env.PAIRS ?? 2_000);

const seeded = await startSeededServer({ days: 30 });
const auth = { authorization: `Bearer ${seeded.token}` };
const child = (await fetch(`${seeded.url}/api/children`, {
  method: 'POST',
  headers: { ...auth, 'content-type': 'application/json' },
  body: JSON.stringify({ displayName: 'RYW', birthDate: '2025-01-01', sex: 'Male', timezone: 'Europe/Paris' }),
}).then((response) => response.json())) as { id: string };

const waits: number[] = [];
let stale = 0;
let missing = 0;
// Pairs whose GET found the projection still behind the write when the POST was answered (so it waited).
let behind = 0;
const now = Date.now();
for (let i = 1; i <= PAIRS; i++) {
  const startedAt = new Date(now - i * 20 * 60_000).toISOString();
  const written = await fetch(`${seeded.url}/api/feedings`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ childId: child.id, startedAt, method: 'Nursing', notes: `pair ${i}` }),
  });
  const created = (await written.json()) as { id: string; entry: { datetime: string } };
  if (written.status !== 201) throw new Error(`POST answered ${written.status}: ${JSON.stringify(created)}`);
  const answered = performance.now();
  const position = Number(written.headers.get('x-event-position'));
  if (seeded.server.projector.position() < position) behind++;
  // The list the app shows after saving: that day's feedings, waiting for the write's position.
  const read = await fetch(`${seeded.url}/api/feedings?childId=${child.id}&date=${created.entry.datetime.slice(0, 10)}`, {
    headers: { ...auth, 'x-min-position': written.headers.get('x-event-position')! },
  });
  const list = (await read.json()) as { id: string }[];
  waits.push(performance.now() - answered);
  if (read.headers.get('x-projection-stale') === 'true') stale++;
  if (!list.some((feeding) => feeding.id === created.id)) missing++;
}

console.log(
  `${PAIRS} POST-then-GET pairs: p50 ${percentile(waits, 50).toFixed(2)} ms, p99 ${percentile(waits, 99).toFixed(2)} ms, max ${Math.max(...waits).toFixed(2)} ms` +
    ` from the POST's answer to the GET's answer; ${stale} stale, ${missing} without the new feeding;` +
    ` projection still behind when the POST was answered: ${behind}`,
);
await seeded.close();
