import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMilestoneJobs } from '@nightlight/command-api/jobs/milestone-scan.job';
import { childStreamId } from '@nightlight/domain/shared/stream-ids';
import { loadConfig } from '@nightlight/infrastructure/config/app-config';
import { createBullmqJobQueue } from '@nightlight/infrastructure/jobs/bullmq-job-queue';
import type { JobQueue } from '@nightlight/infrastructure/ports/job-queue';
import { freePort } from '../api/support/service-process';
import { startTestServer, type TestServer } from '../api/support/test-server';

/**
 * Redis restarts under the job queue (a deploy, an OOM kill). The real milestone jobs run on
 * BullMQ against the server's event log and read models: the sweep is scheduled before the
 * restart, the child's alert window opens while Redis is down, and after the restart the sweep
 * raises the alert, once, however many sweeps and workers follow. The suite starts a Redis of its
 * own (it must restart it), so it needs the redis-server binary.
 */
const hasRedisServer = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
if (!hasRedisServer) console.log('SKIPPED redis-restart-bullmq: redis-server is not installed (apt-get install redis-server)');

const DAY = 24 * 60 * 60_000;
const SWEEP_EVERY_MS = 800;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(hasRedisServer)('milestone jobs on BullMQ across a Redis restart', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'nightlight-redis-'));
  let port: number;
  let redis: ChildProcess | undefined;
  const workers: JobQueue[] = [];
  let server: TestServer;
  // Ten days after a birth no alert window is open; the one-month warning opens three weeks in.
  const registeredAt = Date.now();
  let now = registeredAt;
  const clock = () => new Date(now);
  const birthDate = new Date(registeredAt - 10 * DAY).toISOString().slice(0, 10);

  const startRedis = async () => {
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--appendfsync', 'always', '--dir', dir], { stdio: 'ignore' });
    for (let i = 0; i < 100; i++) {
      if (spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout?.trim() === 'PONG') return;
      await sleep(50);
    }
    throw new Error('redis-server did not start');
  };
  const stopRedis = async () => {
    const exited = new Promise((resolve) => redis!.once('exit', resolve));
    // SHUTDOWN (what SIGTERM does): the append-only file is flushed, as on a clean restart.
    redis!.kill('SIGTERM');
    await exited;
  };
  /** A worker process of the full stack: the real milestone jobs, on BullMQ, against the server's stores. */
  const startWorker = async () => {
    const jobs = createBullmqJobQueue({ redisUrl: `redis://127.0.0.1:${port}`, prefix: `faults-${process.pid}` });
    workers.push(jobs);
    await registerMilestoneJobs({ ...server.server.adapters, jobs, config: loadConfig({ DATA_DIR: server.dataDir }), clock, newId: () => uuidv7() }, { sweepEveryMs: SWEEP_EVERY_MS });
    return jobs;
  };
  const raisedAlerts = async (childId: string) =>
    (await server.server.adapters.eventStore.readStream(childStreamId(childId))).filter((event) => event.type === 'MilestoneAlertRaised').map((event) => (event.data as { alertId: string }).alertId);

  beforeAll(async () => {
    port = await freePort();
    await startRedis();
    server = await startTestServer({}, { clock });
  });
  afterAll(async () => {
    for (const jobs of workers) await jobs.close().catch(() => undefined);
    await server?.close();
    if (redis && redis.exitCode === null) await stopRedis();
    rmSync(dir, { recursive: true, force: true });
  });

  it('raises the alert whose window opened during the outage exactly once', async () => {
    const parentId = uuidv7();
    const token = await server.server.adapters.tokens.issueAccessToken(parentId);
    const created = await server.call('POST', '/api/children', { token, body: { displayName: 'Ten days', birthDate, sex: 'Female', timezone: 'UTC' } });
    expect(created.status).toBe(201);
    const childId: string = created.body.id;
    await server.server.adapters.jobs.drained();
    // The sweep lists children from the read model.
    expect(await server.server.projector.waitFor(created.body.position, 2000)).toBe(true);

    const worker = await startWorker();
    await worker.drained();
    expect(await raisedAlerts(childId), 'no window is open yet: the first sweep raises nothing').toEqual([]);

    await stopRedis();
    now = registeredAt + 14 * DAY;
    await sleep(500);
    await startRedis();

    // The schedule survived the restart: a sweep after it raises the one-month warning.
    for (let i = 0; i < 100 && (await raisedAlerts(childId)).length === 0; i++) await sleep(100);
    expect(await raisedAlerts(childId)).toEqual([`${childId}:1-month:ONE_WEEK_WARNING`]);

    // A second worker registers the same schedule (as every start does); more sweeps follow on both.
    await startWorker();
    await sleep(SWEEP_EVERY_MS * 3);
    await Promise.all(workers.map((jobs) => jobs.drained()));
    expect(await raisedAlerts(childId)).toEqual([`${childId}:1-month:ONE_WEEK_WARNING`]);
    // Two weeks on, the parent signs in again and sees it.
    const alert = await server.call('GET', `/api/milestone-alerts/${childId}`, { token: await server.server.adapters.tokens.issueAccessToken(parentId) });
    expect(alert.status).toBe(200);
    expect(alert.body).toMatchObject({ id: `${childId}:1-month:ONE_WEEK_WARNING`, alertType: 'ONE_WEEK_WARNING' });
  }, 45_000);
});
