import { Worker } from 'node:worker_threads';
import type { AppConfig } from '@nightlight/infrastructure/config/app-config';
import { createSqliteReadStore, type ChangedDocuments, type SqliteReadStore } from '@nightlight/infrastructure/read-store/sqlite-read-store';
import { readModelFile } from '@nightlight/infrastructure/read-store/read-model-files';
import { positionWaiters } from './position-waiters';
import type { RunningProjector } from './projector-runner';

/** What the projector's thread is started with. */
export interface ProjectorThreadData {
  config: AppConfig;
  /** The version whose file the thread keeps. */
  version: string;
  personalCollections: readonly string[];
  /** A module exporting `projections` instead of every projection of this build (tests give one a new version). */
  projectionsModule?: string;
  /** The memory of the log's AppendSignal: the thread wakes when this process appends. */
  appendSignal: SharedArrayBuffer;
}

export type ProjectorThreadMessage =
  | { type: 'started' }
  | { type: 'changed'; changes: ChangedDocuments }
  | { type: 'published'; position: number }
  | { type: 'settled'; position: number; childIds: string[] }
  | { type: 'caught-up' }
  | { type: 'progress'; position: number; head: number }
  | { type: 'stalled'; since: string }
  | { type: 'projection-error'; message: string; position?: number; eventType?: string }
  | { type: 'stopped' };

export interface ProjectorThreadHandlers {
  onProgress?: (position: number, head: number) => void;
  onSettled?: (position: number, childIds: ReadonlySet<string>) => void;
  onError?: (error: unknown, event: { position: number; type: string } | undefined) => void;
}

export interface ProjectorThread {
  projector: RunningProjector;
  /** This thread's connection to the file the projector writes, told of every commit before its position. */
  readStore: SqliteReadStore;
}

/** Three halves' worth (two semi-spaces and the room for large new objects) of 16 MiB. */
const PROJECTOR_YOUNG_GENERATION_MB = 48;

/** A promise with its resolve and reject at hand. */
function settlable(): { promise: Promise<void>; resolve: () => void; reject: (error: Error) => void } {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((yes, no) => ((resolve = yes), (reject = no)));
  return { promise, resolve, reject };
}

/**
 * The live projector of the embedded SQLite read models, on a thread of its own: projecting an
 * event (the timeline's document and its indexes, the day's insights, the commit) costs about as
 * much as the write that appended it, and on the thread that answers requests every request waited
 * behind it. The thread runs at a lower priority than the rest of the process, so that on a busy
 * machine answering comes first and the read models catch up in the gaps (an import's hundreds of
 * thousands of events).
 *
 * Readers here read the same file through a connection of their own (`readStore`). After each
 * commit (at most every 50 ms, see projector-runner.ts) the thread reports the documents it
 * changed, which the readers' caches drop, and then the position: a read that waits for its
 * write's position finds it committed.
 * From the sources it starts through projector-worker.from-sources.mjs (the built bundle when it is current, else tsx); built, it is the bundle beside this one.
 */
export async function startProjectorThread(data: ProjectorThreadData, handlers: ProjectorThreadHandlers = {}): Promise<ProjectorThread> {
  const fromSources = import.meta.url.endsWith('.ts');
  const worker = new Worker(new URL(fromSources ? './projector-worker.from-sources.mjs' : './projector-worker.js', import.meta.url), {
    workerData: data,
    // V8's default young generation (16 MiB halves), not the answering thread's larger one: this
    // thread makes far less garbage a second, and its heap adds to the server's resident memory.
    resourceLimits: { maxYoungGenerationSizeMb: PROJECTOR_YOUNG_GENERATION_MB },
  });
  let readStore: SqliteReadStore | undefined;
  let position = 0;
  let stalledSince: Date | null = null;
  let exited = false;
  const waiters = positionWaiters();
  const startedUp = settlable();
  const caughtUp = settlable();
  caughtUp.promise.catch(() => undefined);
  const failed = (error: Error): void => {
    startedUp.reject(error);
    caughtUp.reject(error);
  };
  let stopped: (() => void) | undefined;

  worker.on('message', (message: ProjectorThreadMessage) => {
    switch (message.type) {
      case 'started':
        // The thread has made the file's tables and indexes: the readers' connection finds them.
        readStore = createSqliteReadStore({ file: readModelFile(data.config.dataDir, data.version), cacheDocuments: data.config.READ_CACHE_DOCUMENTS, readonly: true });
        return startedUp.resolve();
      case 'changed':
        return readStore?.forget(message.changes);
      case 'published':
        position = Math.max(position, message.position);
        stalledSince = null;
        return waiters.reached(position);
      case 'settled':
        return handlers.onSettled?.(message.position, new Set(message.childIds));
      case 'caught-up':
        return caughtUp.resolve();
      case 'progress':
        return handlers.onProgress?.(message.position, message.head);
      case 'stalled':
        stalledSince ??= new Date(message.since);
        return;
      case 'projection-error':
        return handlers.onError?.(new Error(message.message), message.position === undefined ? undefined : { position: message.position, type: message.eventType ?? '?' });
      case 'stopped':
        return stopped?.();
    }
  });
  worker.on('error', (error) => failed(error));
  worker.on('exit', (code) => {
    exited = true;
    stopped?.();
    if (code !== 0) failed(new Error(`The projector's thread ended with ${code}`));
  });
  await startedUp.promise;

  const projector: RunningProjector = {
    caughtUp: caughtUp.promise,
    position: () => position,
    waitFor: (target, timeoutMs) => (target <= position ? Promise.resolve(true) : waiters.wait(target, timeoutMs)),
    stalledSince: () => stalledSince,
    async stop() {
      // The readers' connection first: closed last, the writer's folds the write-ahead log into the
      // file, which the next start would otherwise do before it could answer (2.5 s at a million events).
      await readStore?.close();
      if (!exited) {
        // Stopping settles and commits what the thread has applied, then it closes its stores.
        await new Promise<void>((resolve) => {
          stopped = resolve;
          worker.postMessage('stop');
        });
      }
      waiters.abandon();
    },
  };
  return { projector, readStore: readStore! };
}
