import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { JobHandler, JobQueue, WorkerOptions } from '../ports/job-queue';

const DEFAULT_ATTEMPTS = 3;
const DEFAULT_BACKOFF_MS = 1000;
const DRAIN_POLL_MS = 50;

/** The full-stack job queue: one BullMQ queue per job name on Redis. */
export function createBullmqJobQueue({ redisUrl, prefix = 'nightlight' }: { redisUrl: string; prefix?: string }): JobQueue {
  // Workers block on Redis, so every connection must wait for it instead of failing requests.
  const connections: Redis[] = [];
  const connect = (): Redis => {
    const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
    connections.push(connection);
    return connection;
  };
  const queueConnection = connect();
  const queues = new Map<string, Queue>();
  const workers: Worker[] = [];

  const queueFor = (name: string): Queue => {
    let queue = queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: queueConnection, prefix });
      queues.set(name, queue);
    }
    return queue;
  };

  const isDrained = async (): Promise<boolean> => {
    for (const queue of queues.values()) {
      const counts = await queue.getJobCounts('waiting', 'active', 'prioritized', 'waiting-children');
      if (Object.values(counts).some((count) => count > 0)) return false;
      const delayed = await queue.getDelayed();
      if (delayed.some((job) => job.timestamp + job.delay <= Date.now())) return false;
    }
    return true;
  };

  return {
    async enqueue(name, data, options = {}) {
      await queueFor(name).add(name, data, {
        attempts: Math.max(1, options.attempts ?? DEFAULT_ATTEMPTS),
        backoff: { type: 'exponential', delay: options.backoffMs ?? DEFAULT_BACKOFF_MS },
        ...(options.delayMs !== undefined && { delay: options.delayMs }),
        // Deduplication holds only while the job is waiting, delayed or running, as the port promises.
        ...(options.jobId !== undefined && { deduplication: { id: `${name}:${options.jobId}` } }),
        removeOnComplete: 1000,
        removeOnFail: 1000,
      });
    },

    async repeat(name, data, { everyMs, key }) {
      await queueFor(name).upsertJobScheduler(key, { every: everyMs }, { name, data });
    },

    async work<Data>(name: string, handler: JobHandler<Data>, options: WorkerOptions = {}) {
      queueFor(name);
      const worker = new Worker(
        name,
        async (job) => handler(job.data as Data, { id: job.id ?? '', name: job.name, attempt: job.attemptsMade + 1 }),
        { connection: connect(), prefix, concurrency: Math.max(1, options.concurrency ?? 1) },
      );
      worker.on('error', (error) => console.error(`Worker for ${name} failed:`, error));
      workers.push(worker);
      await worker.waitUntilReady();
    },

    async drained() {
      while (!(await isDrained())) await new Promise((resolve) => setTimeout(resolve, DRAIN_POLL_MS));
    },

    async close() {
      await Promise.all(workers.map((worker) => worker.close()));
      await Promise.all([...queues.values()].map((queue) => queue.close()));
      await Promise.all(connections.map((connection) => connection.quit()));
    },
  };
}
