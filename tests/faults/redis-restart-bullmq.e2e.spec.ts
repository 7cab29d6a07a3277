import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBullmqJobQueue } from '@nightlight/infrastructure/jobs/bullmq-job-queue';
import type { JobQueue } from '@nightlight/infrastructure/ports/job-queue';
import { freePort } from '../api/support/service-process';

/**
 * Redis restarts under the job queue (a deploy, an OOM kill). With appendonly, scheduled and delayed
 * jobs survive it; the repeatable milestone-like scan keeps its schedule and runs each tick once.
 * The suite starts a Redis of its own (it must restart it), so it needs the redis-server binary.
 */
const hasRedisServer = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
if (!hasRedisServer) console.log('SKIPPED redis-restart-bullmq: redis-server is not installed (apt-get install redis-server)');

const TICK_MS = 700;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(hasRedisServer)('BullMQ jobs across a Redis restart', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'nightlight-redis-'));
  let port: number;
  let redis: ChildProcess | undefined;
  let jobs: JobQueue;
  const runsByJobId = new Map<string, number>();
  const delayedRuns: { at: number; data: unknown }[] = [];

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

  beforeAll(async () => {
    port = await freePort();
    await startRedis();
    jobs = createBullmqJobQueue({ redisUrl: `redis://127.0.0.1:${port}`, prefix: `faults-${process.pid}` });
    await jobs.work('milestone-sweep', async (_data, context) => {
      runsByJobId.set(context.id, (runsByJobId.get(context.id) ?? 0) + 1);
    });
    await jobs.work('reminder', async (data) => {
      delayedRuns.push({ at: Date.now(), data });
    });
  });
  afterAll(async () => {
    await jobs?.close().catch(() => undefined);
    if (redis && redis.exitCode === null) await stopRedis();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the repeatable and the delayed job, and runs each tick once', async () => {
    await jobs.repeat('milestone-sweep', {}, { key: 'milestone-sweep', everyMs: TICK_MS });
    // Registering the schedule again (every start does) must not add a second one.
    await jobs.repeat('milestone-sweep', {}, { key: 'milestone-sweep', everyMs: TICK_MS });
    await sleep(TICK_MS * 2.5);
    const ticksBefore = runsByJobId.size;
    expect(ticksBefore).toBeGreaterThanOrEqual(1);

    const delayedAt = Date.now();
    await jobs.enqueue('reminder', { childId: 'c-1' }, { delayMs: 2500, jobId: 'reminder-c-1' });

    await stopRedis();
    await sleep(1000);
    await startRedis();

    // The delayed job was due during or after the outage: it still runs, once, and not early.
    for (let i = 0; i < 150 && delayedRuns.length === 0; i++) await sleep(100);
    expect(delayedRuns).toHaveLength(1);
    expect(delayedRuns[0]!.data).toEqual({ childId: 'c-1' });
    expect(delayedRuns[0]!.at - delayedAt).toBeGreaterThanOrEqual(2400);

    // The schedule carries on after the restart.
    const ticksAfterRestart = runsByJobId.size;
    for (let i = 0; i < 100 && runsByJobId.size < ticksAfterRestart + 3; i++) await sleep(100);
    expect(runsByJobId.size).toBeGreaterThanOrEqual(ticksAfterRestart + 3);

    await sleep(TICK_MS);
    expect(delayedRuns).toHaveLength(1);
    const twice = [...runsByJobId].filter(([, runs]) => runs > 1);
    expect(twice, 'no tick ran twice').toEqual([]);
  }, 45_000);
});
