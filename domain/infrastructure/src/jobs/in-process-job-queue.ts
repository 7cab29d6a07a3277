import { randomUUID } from 'node:crypto';
import type { EnqueueOptions, JobHandler, JobQueue } from '../ports/job-queue';

interface Job {
  id: string;
  name: string;
  data: unknown;
  attempt: number;
  attempts: number;
  backoffMs: number;
  /** Set while the job waits on a timer (its delay or a retry backoff). */
  dueAt?: number;
  dedupKey?: string;
}

interface Worker {
  handler: JobHandler;
  concurrency: number;
  running: number;
}

const DEFAULT_ATTEMPTS = 3;
const DEFAULT_BACKOFF_MS = 1000;

/** The embedded job runner: timers in this process, the same handlers and semantics as on BullMQ. */
export function createInProcessJobQueue(options: { now?: () => number } = {}): JobQueue {
  const now = options.now ?? Date.now;
  const waiting = new Map<string, Job[]>();
  const delayed = new Map<Job, NodeJS.Timeout>();
  const workers = new Map<string, Worker>();
  const dedupKeys = new Set<string>();
  const schedules = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  const drainWaiters: Array<() => void> = [];
  let closed = false;

  const isDrained = (): boolean =>
    running.size === 0 &&
    [...waiting.values()].every((jobs) => jobs.length === 0) &&
    [...delayed.keys()].every((job) => (job.dueAt ?? 0) > now());

  const settleDrainWaiters = (): void => {
    if (!isDrained()) return;
    for (const resolve of drainWaiters.splice(0)) resolve();
  };

  const finish = (job: Job): void => {
    if (job.dedupKey) dedupKeys.delete(job.dedupKey);
  };

  const schedule = (job: Job, delayMs: number): void => {
    if (closed) return;
    if (delayMs <= 0) {
      makeReady(job);
      return;
    }
    job.dueAt = now() + delayMs;
    const timer = setTimeout(() => {
      delayed.delete(job);
      delete job.dueAt;
      makeReady(job);
    }, delayMs);
    delayed.set(job, timer);
  };

  const makeReady = (job: Job): void => {
    const queue = waiting.get(job.name) ?? [];
    queue.push(job);
    waiting.set(job.name, queue);
    pump(job.name);
  };

  const pump = (name: string): void => {
    const worker = workers.get(name);
    const queue = waiting.get(name);
    while (!closed && worker && queue && queue.length > 0 && worker.running < worker.concurrency) {
      run(queue.shift()!, worker);
    }
  };

  const run = (job: Job, worker: Worker): void => {
    worker.running += 1;
    const execution = (async () => {
      try {
        await worker.handler(job.data, { id: job.id, name: job.name, attempt: job.attempt });
        finish(job);
      } catch (error) {
        if (job.attempt < job.attempts && !closed) {
          job.attempt += 1;
          schedule(job, job.backoffMs * 2 ** (job.attempt - 2));
        } else {
          finish(job);
          console.error(`Job ${job.name} ${job.id} failed after ${job.attempt} attempts:`, error);
        }
      }
    })();
    running.add(execution);
    void execution.finally(() => {
      running.delete(execution);
      worker.running -= 1;
      pump(job.name);
      settleDrainWaiters();
    });
  };

  const enqueue = (name: string, data: unknown, enqueueOptions: EnqueueOptions = {}): void => {
    if (closed) throw new Error('The job queue is closed');
    const dedupKey = enqueueOptions.jobId === undefined ? undefined : `${name}\u0000${enqueueOptions.jobId}`;
    if (dedupKey !== undefined) {
      if (dedupKeys.has(dedupKey)) return;
      dedupKeys.add(dedupKey);
    }
    const job: Job = {
      id: enqueueOptions.jobId ?? randomUUID(),
      name,
      data: structuredClone(data),
      attempt: 1,
      attempts: Math.max(1, enqueueOptions.attempts ?? DEFAULT_ATTEMPTS),
      backoffMs: enqueueOptions.backoffMs ?? DEFAULT_BACKOFF_MS,
      ...(dedupKey !== undefined && { dedupKey }),
    };
    schedule(job, enqueueOptions.delayMs ?? 0);
  };

  return {
    async enqueue(name, data, enqueueOptions) {
      enqueue(name, data, enqueueOptions);
    },

    async repeat(name, data, { everyMs, key }) {
      const replaced = schedules.get(key);
      clearInterval(replaced);
      // A fixed job id keeps a slow run from piling up copies of itself, as a BullMQ scheduler does.
      const produce = () => enqueue(name, data, { jobId: `repeat:${key}` });
      schedules.set(key, setInterval(produce, everyMs));
      if (!replaced) produce();
    },

    async work(name, handler, workerOptions) {
      if (workers.has(name)) throw new Error(`A worker for ${name} is already registered`);
      workers.set(name, { handler: handler as JobHandler, concurrency: Math.max(1, workerOptions?.concurrency ?? 1), running: 0 });
      pump(name);
    },

    drained() {
      return new Promise<void>((resolve) => {
        drainWaiters.push(resolve);
        settleDrainWaiters();
      });
    },

    async close() {
      closed = true;
      for (const timer of schedules.values()) clearInterval(timer);
      for (const timer of delayed.values()) clearTimeout(timer);
      schedules.clear();
      delayed.clear();
      waiting.clear();
      await Promise.allSettled([...running]);
      for (const resolve of drainWaiters.splice(0)) resolve();
    },
  };
}
