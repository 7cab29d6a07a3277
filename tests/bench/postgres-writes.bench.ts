import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Options, type Result } from 'autocannon';
import { v7 as uuidv7 } from 'uuid';
import { TokenService } from '@nightlight/infrastructure/auth/token-service';
import { answeringProcess, childrenOf, cpuSecondsOf, processUnder } from './support/process-cpu';
import { freshDatabase, startThrowawayPostgres, type ThrowawayPostgres } from '../stack/throwaway-postgres';
import { startThrowawayRedis } from '../stack/throwaway-redis';
import { buildServicesIfOutdated, startPostgresStack } from '../faults/support/postgres-stack';
import { childrenToWriteTo, feedingsBefore, type FeedingRequest } from './support/feedings-before';

/**
 * Writes as parents send them (POST /api/feedings through the edge, a new Idempotency-Key each),
 * on the embedded default and on PostgreSQL: `npm start` on its SQLite file, `npm start` on
 * PostgreSQL, and the full stack on PostgreSQL (two projector workers, two query-api processes)
 * with its writes through one command-api, then split over two. The servers run in processes of
 * their own, the load generator (autocannon) in this one. The targets take turns for ROUNDS rounds
 * and each is reported by its median round; with two command-apis the load is split over both
 * query-api processes, writes/s added up and the higher p99 of the two shown.
 * `npx tsx tests/bench/postgres-writes.bench.ts` (CONNECTIONS, DURATION in seconds per round,
 * ROUNDS, WARMUP in seconds, WRITE_CHILDREN; DATABASE_URL for a server of your own, else a
 * throwaway cluster).
 */
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const DURATION = Number(process.env.DURATION ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const WARMUP = Number(process.env.WARMUP ?? 3);
/** Writes go round robin to this many children: 50 connections are 50 families, not one family's phones (the overlap rule serialises one child's day). */
const WRITE_CHILDREN = Number(process.env.WRITE_CHILDREN ?? CONNECTIONS);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const jwtSecret = randomBytes(32);
const scratch = mkdtempSync(path.join(tmpdir(), 'nightlight-pg-writes-bench-'));
const processes: ChildProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];

/** `npm start` in a process group of its own, resolved with its URL and the process that answers once it is running. */
function npmStart(env: Record<string, string | undefined>): Promise<{ url: string; pid: number }> {
  const child = spawn('npm', ['start'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  processes.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const running = /is running at (\S+)/.exec(output);
      if (running) resolve({ url: running[1]!, pid: answeringProcess(processUnder(child.pid!, /^\S*node query-api\/build\/start\.mjs/)) });
    });
    child.on('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
  });
}

interface Target {
  label: string;
  /** The query-api addresses the writes are spread over. */
  urls: string[];
  /** The target's own processes, whose CPU a round counts. */
  pids: number[];
  next: () => FeedingRequest;
}

/** A parent with WRITE_CHILDREN children on `url`, and their feedings one after another, each child's 20 minutes before its last. */
async function writesTo(label: string, urls: string[], pids: number[]): Promise<Target> {
  const token = await new TokenService(jwtSecret).issueAccessToken(uuidv7());
  const auth = { authorization: `Bearer ${token}` };
  const children = await childrenToWriteTo(urls[0]!, auth, WRITE_CHILDREN);
  return { label, urls, pids, next: feedingsBefore(children, auth, Date.now()) };
}

interface Round {
  writesPerSecond: number;
  p50: number;
  p99: number;
  /** CPU a write cost the target's processes, and PostgreSQL's (null when it is not a server started here). */
  cpuMicros: number;
  postgresCpuMicros: number | null;
}

/** CPU seconds so far of these processes; one that ended meanwhile counts nothing. */
const cpuOf = (pids: readonly number[]) => pids.reduce((sum, pid) => sum + (existsSync(`/proc/${pid}`) ? cpuSecondsOf(pid) : 0), 0);
let postgresPid: number | undefined;
/** PostgreSQL's backends by process id, with their CPU seconds so far. */
const backends = () => new Map((postgresPid ? childrenOf(postgresPid) : []).map((pid) => [pid, existsSync(`/proc/${pid}`) ? cpuSecondsOf(pid) : 0]));

/** One round: CONNECTIONS connections split over the target's query-api processes, at once. */
async function round(target: Target, seconds: number): Promise<Round> {
  // Per-request bodies only take effect through `requests` (a top-level setupRequest is ignored).
  const options = (url: string, connections: number): Options => ({
    url: `${url}/api/feedings`,
    connections,
    duration: seconds,
    method: 'POST',
    requests: [{ method: 'POST', setupRequest: (request) => Object.assign(request, target.next()) }],
  });
  const share = Math.floor(CONNECTIONS / target.urls.length);
  const [cpuBefore, backendsBefore] = [cpuOf(target.pids), backends()];
  const results: Result[] = await Promise.all(target.urls.map((url) => autocannon(options(url, share))));
  for (const result of results) if (result.non2xx > 0 || result.errors > 0) throw new Error(`${target.label}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  const writes = results.reduce((sum, result) => sum + result.requests.total, 0);
  const postgresCpu = [...backends()].reduce((sum, [pid, seconds]) => sum + seconds - (backendsBefore.get(pid) ?? 0), 0);
  return {
    writesPerSecond: results.reduce((sum, result) => sum + result.requests.average, 0),
    p50: Math.max(...results.map((result) => result.latency.p50)),
    p99: Math.max(...results.map((result) => result.latency.p99)),
    cpuMicros: ((cpuOf(target.pids) - cpuBefore) * 1e6) / writes,
    postgresCpuMicros: postgresPid ? (postgresCpu * 1e6) / writes : null,
  };
}

try {
  await buildServicesIfOutdated();
  let server = process.env.DATABASE_URL;
  if (!server) {
    const cluster: ThrowawayPostgres = await startThrowawayPostgres();
    cleanups.push(() => cluster.stop());
    server = cluster.url;
    postgresPid = cluster.pid;
  }
  const [embeddedDatabase, stackDatabase] = [await freshDatabase(server, 'nightlight_bench'), await freshDatabase(server, 'nightlight_bench')];
  cleanups.push(() => embeddedDatabase.drop(), () => stackDatabase.drop());
  const redis = await startThrowawayRedis();
  cleanups.push(() => redis.stop());

  const { REDIS_URL: _redis, DATABASE_URL: _database, ...environment } = process.env;
  const started = (settings: Record<string, string>) =>
    npmStart({ ...environment, ...settings, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', JWT_SECRET: jwtSecret.toString('base64'), LOG_LEVEL: 'warn', RATE_LIMIT_PER_IP: '1000000' });
  const embedded = await started({ DATA_DIR: path.join(scratch, 'sqlite') });
  const embeddedOnPostgres = await started({ DATA_DIR: path.join(scratch, 'postgres'), EVENT_STORE: 'postgres', READ_STORE: 'postgres', DATABASE_URL: embeddedDatabase.url });
  const stack = await startPostgresStack({ databaseUrl: stackDatabase.url, redisUrl: redis.url, jwtSecret });
  cleanups.push(() => stack.stop());

  const stackPids = (['command-api', 'projector', 'query-api'] as const).flatMap((kind) => [0, 1].map((index) => stack.service(kind, index).child.pid!));
  const targets = [
    await writesTo('npm start, SQLite (the default)', [embedded.url], [embedded.pid]),
    await writesTo('npm start, PostgreSQL', [embeddedOnPostgres.url], [embeddedOnPostgres.pid]),
    await writesTo('stack, one command-api', [stack.queryApis[0]!], stackPids),
    await writesTo('stack, two command-apis', stack.queryApis, stackPids),
  ];
  // An untimed round first, so that no counted round runs code not yet optimised.
  for (const target of targets) await round(target, WARMUP);
  const rounds: Round[][] = targets.map(() => []);
  for (let r = 0; r < ROUNDS; r++) for (const [index, target] of targets.entries()) rounds[index]!.push(await round(target, DURATION));

  console.log(
    `${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s per target after ${WARMUP} s untimed, median round shown; writes over ${WRITE_CHILDREN} children per target; ` +
      `CPU a write cost the target's processes (the stack's six) and PostgreSQL's backends; load average ${loadavg()[0]!.toFixed(1)} at the end`,
  );
  for (const [index, target] of targets.entries()) {
    const sorted = [...rounds[index]!].sort((a, b) => a.writesPerSecond - b.writesPerSecond);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    const all = rounds[index]!.map((each) => Math.round(each.writesPerSecond).toLocaleString('en')).join(' / ');
    const postgres = median.postgresCpuMicros === null ? '' : `, PostgreSQL ${Math.round(median.postgresCpuMicros).toLocaleString('en')} µs`;
    console.log(
      `${target.label.padEnd(34)} ${Math.round(median.writesPerSecond).toLocaleString('en').padStart(6)} writes/s  p50 ${String(median.p50).padStart(4)} ms  p99 ${String(median.p99).padStart(4)} ms  ` +
        `CPU a write ${Math.round(median.cpuMicros).toLocaleString('en')} µs${postgres}  (rounds: ${all})`,
    );
  }
} finally {
  for (const child of processes) if (child.pid) process.kill(-child.pid, 'SIGTERM');
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  rmSync(scratch, { recursive: true, force: true });
}
