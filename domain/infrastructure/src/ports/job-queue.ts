/**
 * The job port: one-off, delayed and repeatable jobs with workers. In-process runner in the
 * embedded default, BullMQ on Redis in the full stack; the same handlers run on both.
 */

export interface EnqueueOptions {
  /** Start no earlier than this many milliseconds from now. */
  delayMs?: number;
  /** Jobs with the same id are enqueued once while the first is waiting or running. */
  jobId?: string;
  /** Attempts before the job is given up (default 3), with exponential backoff from backoffMs. */
  attempts?: number;
  backoffMs?: number;
}

export interface RepeatOptions {
  everyMs: number;
  /** Names the schedule; registering the same key again replaces it instead of adding one. */
  key: string;
}

export interface JobContext {
  id: string;
  name: string;
  attempt: number;
}

export type JobHandler<Data = unknown> = (data: Data, context: JobContext) => Promise<void>;

export interface WorkerOptions {
  concurrency?: number;
}

export interface JobQueue {
  enqueue<Data>(name: string, data: Data, options?: EnqueueOptions): Promise<void>;
  repeat<Data>(name: string, data: Data, options: RepeatOptions): Promise<void>;
  /** Starts consuming jobs of this name. */
  work<Data>(name: string, handler: JobHandler<Data>, options?: WorkerOptions): Promise<void>;
  /** Resolves once nothing is waiting, delayed-and-due, or running (used by tests and rebuilds). */
  drained(): Promise<void>;
  close(): Promise<void>;
}
