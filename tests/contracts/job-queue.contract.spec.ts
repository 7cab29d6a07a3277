import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBullmqJobQueue } from '@nightlight/infrastructure/jobs/bullmq-job-queue';
import { createInProcessJobQueue } from '@nightlight/infrastructure/jobs/in-process-job-queue';
import type { JobContext, JobQueue } from '@nightlight/infrastructure/ports/job-queue';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for the condition');
    await sleep(10);
  }
}

function jobQueueContract(name: string, open: () => JobQueue): void {
  describe(`job-queue contract on ${name}`, () => {
    let queue: JobQueue;
    let job: string;

    beforeEach(() => {
      queue = open();
      job = `job-${randomUUID().slice(0, 8)}`;
    });

    afterEach(async () => {
      await queue.close();
    });

    it('runs an enqueued job once with its data', async () => {
      const calls: Array<{ data: unknown; context: JobContext }> = [];
      await queue.work(job, async (data, context) => {
        calls.push({ data, context });
      });

      await queue.enqueue(job, { childId: 'c1', scan: 'milestones' });
      await queue.drained();
      await sleep(100);

      expect(calls).toEqual([{ data: { childId: 'c1', scan: 'milestones' }, context: expect.objectContaining({ name: job, attempt: 1 }) }]);
    });

    it('retries a job that throws and stops after its attempts', async () => {
      const attempts: number[] = [];
      const failing: string[] = [];
      await queue.work(job, async (data: { fail: 'once' | 'always' }, context) => {
        if (data.fail === 'once') {
          attempts.push(context.attempt);
          if (context.attempt === 1) throw new Error('transient');
        } else {
          failing.push(context.id);
          throw new Error('permanent');
        }
      });

      await queue.enqueue(job, { fail: 'once' }, { backoffMs: 20 });
      await queue.enqueue(job, { fail: 'always' }, { attempts: 2, backoffMs: 20 });
      await waitFor(() => attempts.length === 2 && failing.length === 2);
      await sleep(200);

      expect(attempts).toEqual([1, 2]);
      expect(failing).toHaveLength(2);
    });

    it('does not run a delayed job before its delay, and runs it after', async () => {
      const enqueuedAt = Date.now();
      let ranAt: number | undefined;
      await queue.work(job, async () => {
        ranAt = Date.now();
      });

      await queue.enqueue(job, {}, { delayMs: 300 });
      await sleep(200);
      expect(ranAt).toBeUndefined();

      await waitFor(() => ranAt !== undefined);
      expect(ranAt! - enqueuedAt).toBeGreaterThanOrEqual(290);
    });

    it('repeats a job, and registering the same key again does not double it', async () => {
      let runs = 0;
      await queue.work(job, async () => {
        runs += 1;
      });

      await queue.repeat(job, {}, { everyMs: 100, key: `${job}-schedule` });
      await queue.repeat(job, {}, { everyMs: 100, key: `${job}-schedule` });
      await sleep(650);

      // One schedule gives about 6 or 7 runs in 650 ms; a doubled one would give about 13.
      expect(runs).toBeGreaterThanOrEqual(4);
      expect(runs).toBeLessThanOrEqual(9);
    });

    it('enqueues a job id once while it is waiting or running, and again after it finished', async () => {
      const seen: string[] = [];
      await queue.enqueue(job, { copy: 1 }, { jobId: 'anonymise-u1' });
      await queue.enqueue(job, { copy: 2 }, { jobId: 'anonymise-u1' });
      await queue.work(job, async (data: { copy: number }) => {
        seen.push(`copy ${data.copy}`);
        await sleep(50);
      });
      await queue.enqueue(job, { copy: 3 }, { jobId: 'anonymise-u1' });
      await queue.drained();

      await queue.enqueue(job, { copy: 4 }, { jobId: 'anonymise-u1' });
      await queue.drained();
      await sleep(100);

      expect(seen).toEqual(['copy 1', 'copy 4']);
    });

    it('reports drained once running jobs finished, without waiting for jobs that are not due', async () => {
      const ran: string[] = [];
      await queue.work(job, async (data: { which: string }) => {
        await sleep(100);
        ran.push(data.which);
      });

      await queue.enqueue(job, { which: 'later' }, { delayMs: 10_000 });
      await queue.enqueue(job, { which: 'now' });
      await queue.drained();

      expect(ran).toEqual(['now']);
    });

    it('runs at most `concurrency` jobs at once', async () => {
      let running = 0;
      let mostAtOnce = 0;
      let finished = 0;
      await queue.work(
        job,
        async () => {
          running += 1;
          mostAtOnce = Math.max(mostAtOnce, running);
          await sleep(100);
          running -= 1;
          finished += 1;
        },
        { concurrency: 2 },
      );

      for (let i = 0; i < 5; i += 1) await queue.enqueue(job, { i });
      await waitFor(() => finished === 5);

      expect(mostAtOnce).toBe(2);
    });
  });
}

jobQueueContract('in-process runner', () => createInProcessJobQueue());

const redisUrl = process.env['REDIS_URL'];
if (redisUrl) {
  // A prefix of its own keeps this run's jobs apart from other runs on the same Redis.
  const prefix = `nightlight-contract-${randomUUID().slice(0, 8)}`;
  jobQueueContract('BullMQ', () => createBullmqJobQueue({ redisUrl, prefix }));
  afterAll(async () => {
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });
} else {
  console.log('SKIPPED job-queue contract on BullMQ: REDIS_URL not set');
}
