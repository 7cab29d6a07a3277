import { Worker } from 'node:worker_threads';
import type { AppConfig } from '@nightlight/infrastructure/config/app-config';

/** What the rebuild job's thread is started with. */
export interface RebuildJobData {
  config: AppConfig;
  /** The version to build, into its own file. */
  version: string;
  personalCollections: readonly string[];
  /** A module exporting `projections` instead of every projection of this build (tests give one a new version). */
  projectionsModule?: string;
}

export type RebuildJobMessage =
  | { type: 'progress'; position: number; head: number }
  | { type: 'caught-up'; position: number }
  | { type: 'stopped'; position: number }
  | { type: 'projection-error'; message: string };

export interface RebuildJob {
  /** Resolves once the job has caught up with the log. */
  readonly caughtUp: Promise<void>;
  /** Stops the job; resolves once its file is committed and closed, with the position it covers. */
  stop(): Promise<number>;
}

/**
 * Runs the rebuild job in a thread of its own (`rebuild-worker`): a replay is hard work for seconds
 * or minutes, and on the thread that answers requests it would hold each of them up behind it.
 * From the sources it starts through rebuild-worker.from-sources.mjs (the built bundle when it is current, else tsx); built, it is the bundle beside this one.
 */
export function startRebuildJob(
  data: RebuildJobData,
  handlers: { onProgress: (position: number, head: number) => void; onProjectionError: (message: string) => void },
): RebuildJob {
  const fromSources = import.meta.url.endsWith('.ts');
  const worker = new Worker(new URL(fromSources ? './rebuild-worker.from-sources.mjs' : './rebuild-worker.js', import.meta.url), { workerData: data });
  let caughtUp!: () => void;
  let failed!: (error: Error) => void;
  const caught = new Promise<void>((resolve, reject) => ((caughtUp = resolve), (failed = reject)));
  let stopped: ((position: number) => void) | undefined;
  worker.on('message', (message: RebuildJobMessage) => {
    if (message.type === 'progress') handlers.onProgress(message.position, message.head);
    else if (message.type === 'caught-up') caughtUp();
    else if (message.type === 'stopped') stopped?.(message.position);
    else handlers.onProjectionError(message.message);
  });
  worker.on('error', (error) => failed(error));
  worker.on('exit', (code) => {
    if (code !== 0) failed(new Error(`The rebuild job's thread ended with ${code}`));
  });
  return {
    caughtUp: caught,
    stop() {
      return new Promise<number>((resolve) => {
        stopped = resolve;
        worker.postMessage('stop');
        // A thread that already failed has nothing to commit.
        worker.once('exit', () => resolve(-1));
      });
    },
  };
}
