import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

/** SQLite's own checkpoint threshold (pages in the log), taken back when the thread is gone. */
const SQLITE_AUTOCHECKPOINT = 1000;
/**
 * At most one copy this often: a page a commit changes again and again (an index's, a day's
 * insights) is copied once for all of them. One after every commit (the projector commits up to
 * twenty times a second) copied such pages at each: 21 s of CPU while an import was projected, against
 * 5 s at most one a second.
 */
const COPY_GAP_MS = 1000;

export interface BackgroundCheckpoints {
  /** A commit was made: the thread copies what the log holds (once the copy before is done, and COPY_GAP_MS after it began). */
  afterCommit(): void;
  /** Resolves when no copy is running (one of the log's own, such as a TRUNCATE, may then run). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The read models' checkpoints in a thread of their own (sqlite-checkpointer.thread.js). SQLite's
 * own run in the commit that fills the log past 1,000 pages, on the thread that answers requests:
 * while an import's events were projected, about half of what the projector's commits cost there
 * (docs/benchmarks.md, "Import"). The thread is started at the first commit; if it fails or ends,
 * SQLite's own checkpoints take over again.
 */
export function backgroundCheckpoints(db: Database.Database, file: string): BackgroundCheckpoints {
  let thread: Worker | null = null;
  let gone = false;
  let copying = false;
  let wanted = false;
  let lastCopy = -Infinity;
  let later: NodeJS.Timeout | undefined;
  const idleWaiters: (() => void)[] = [];

  const settle = () => {
    copying = false;
    for (const resolve of idleWaiters.splice(0)) resolve();
  };
  const fallBack = () => {
    if (gone) return;
    gone = true;
    thread = null;
    if (db.open) db.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT}`);
    settle();
  };
  const copy = () => {
    later = undefined;
    if (gone || !thread) return;
    copying = true;
    lastCopy = performance.now();
    thread.postMessage('checkpoint');
  };
  /** A copy as soon as the one before is done and COPY_GAP_MS have passed since it began. */
  const schedule = () => {
    if (copying) wanted = true;
    else later ??= setTimeout(copy, Math.max(0, lastCopy + COPY_GAP_MS - performance.now())).unref();
  };

  function start(): Worker {
    const worker = new Worker(new URL('./sqlite-checkpointer.thread.js', import.meta.url), { workerData: { file } });
    // Never what keeps a finished process alive: the last connection's close checkpoints anyway.
    worker.unref();
    worker.on('message', (answer: string) => {
      if (gone) return;
      if (answer !== 'done') {
        void worker.terminate();
        return fallBack();
      }
      settle();
      if (wanted) {
        wanted = false;
        schedule();
      }
    });
    worker.on('error', fallBack);
    worker.on('exit', () => {
      if (thread === worker) fallBack();
    });
    db.pragma('wal_autocheckpoint = 0');
    return worker;
  }

  return {
    afterCommit() {
      if (gone) return;
      thread ??= start();
      schedule();
    },
    idle: () => (copying ? new Promise<void>((resolve) => idleWaiters.push(resolve)) : Promise.resolve()),
    async close() {
      const worker = thread;
      gone = true;
      thread = null;
      clearTimeout(later);
      settle();
      if (!worker) return;
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.ref();
      worker.postMessage('close');
      await exited;
    },
  };
}
