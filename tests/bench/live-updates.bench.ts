import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../stack/free-port';

/**
 * Live updates under load: STREAMS open `GET /api/children/{id}/live` streams (one per child), and
 * one feeding logged every INTERVAL_MS, round robin over the children, for DURATION seconds. For
 * each write: the time from its answer (acknowledged) to the change event on its child's stream.
 * The server runs in its own process, started as `npm start` starts it; this process only sends
 * and listens. `npx tsx tests/bench/live-updates.bench.ts` (STREAMS, INTERVAL_MS, DURATION).
 * Goal: p99 under 100 ms with 1,000 streams and a write every 10 ms.
 */
const STREAMS = Number(process.env.STREAMS ?? 1000);
const INTERVAL_MS = Number(process.env.INTERVAL_MS ?? 10);
const DURATION = Number(process.env.DURATION ?? 10);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'nightlight-live-bench-'));
// The embedded default, as a new user runs it: no Redis even where the shell has one.
const { REDIS_URL: _redis, ...environment } = process.env;
const server = spawn('npx', ['tsx', 'query-api/embedded/src/start.ts'], {
  cwd: ROOT,
  env: { ...environment, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, REFERRAL_CODES: 'BENCH1', RATE_LIMIT_PER_IP: '100000' },
  stdio: ['ignore', 'inherit', 'inherit'],
  // Its own process group: npx starts the server as a child of its own, and both must stop.
  detached: true,
});
const base = `http://127.0.0.1:${port}`;
const stop = () => {
  process.kill(-server.pid!, 'SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};

async function call(method: string, pathname: string, token?: string, body?: unknown) {
  const response = await fetch(`${base}${pathname}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

try {
  for (let ready = false; !ready; ) {
    ready = await fetch(`${base}/readyz`).then((response) => response.ok, () => false);
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const registered = await call('POST', '/api/auth/register', undefined, { email: 'bench@example.com', password: 'Bench parent 1', referralCode: 'BENCH1' });
  const token = registered.body.accessToken as string;
  const childIds: string[] = [];
  for (let i = 0; i < STREAMS; i += 1) {
    const child = await call('POST', '/api/children', token, { displayName: `Child ${i}`, birthDate: '2026-06-01', sex: 'Female', timezone: 'UTC' });
    childIds.push(child.body.id);
  }

  /** When each child's stream heard each position. */
  const heard = new Map<string, { position: number; at: number }[]>(childIds.map((id) => [id, []]));
  const controller = new AbortController();
  let open = 0;
  await Promise.all(
    childIds.map(async (childId) => {
      const response = await fetch(`${base}/api/children/${childId}/live`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
      open += 1;
      void (async () => {
        const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        try {
          for (;;) {
            const { value, done } = await reader.read();
            if (done) return;
            buffer += value;
            for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              const data = /^event: change\ndata: (.*)$/m.exec(block)?.[1];
              if (data) heard.get(childId)!.push({ position: (JSON.parse(data) as { position: number }).position, at: performance.now() });
            }
          }
        } catch {
          // Aborted at the end.
        }
      })();
    }),
  );
  console.log(`${open} live streams open; one feeding every ${INTERVAL_MS} ms for ${DURATION} s`);

  const writes: { childId: string; position: number; acknowledgedAt: number }[] = [];
  const inFlight: Promise<void>[] = [];
  const started = performance.now();
  for (let i = 0; performance.now() - started < DURATION * 1000; i += 1) {
    const childId = childIds[i % childIds.length]!;
    const startedAt = new Date(Date.now() - (1 + Math.floor(i / childIds.length)) * 20 * 60_000).toISOString();
    inFlight.push(
      call('POST', '/api/feedings', token, { childId, startedAt, method: 'Nursing' }).then(({ status, body }) => {
        if (status === 201) writes.push({ childId, position: body.position, acknowledgedAt: performance.now() });
      }),
    );
    const next = started + (i + 1) * INTERVAL_MS;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
  }
  await Promise.all(inFlight);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  controller.abort();

  const delays: number[] = [];
  let missed = 0;
  let beforeAck = 0;
  for (const write of writes) {
    const event = heard.get(write.childId)!.find((seen) => seen.position >= write.position);
    if (!event) {
      missed += 1;
      continue;
    }
    if (event.at < write.acknowledgedAt) beforeAck += 1;
    delays.push(Math.max(0, event.at - write.acknowledgedAt));
  }
  delays.sort((a, b) => a - b);
  const at = (q: number) => delays[Math.min(delays.length - 1, Math.floor(q * delays.length))]?.toFixed(1);
  console.log(`writes acknowledged: ${writes.length}; events missed: ${missed}; heard before the answer arrived: ${beforeAck}`);
  console.log(`acknowledged → event received: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${delays.at(-1)?.toFixed(1)} ms (goal p99 < 100 ms)`);
} finally {
  stop();
}
