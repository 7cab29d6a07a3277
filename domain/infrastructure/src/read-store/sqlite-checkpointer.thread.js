// @ts-check
/**
 * The read models' checkpointer, in a thread of its own: it copies what the write-ahead log holds
 * into the file when asked (after a commit), on a connection of its own, so that the copying never
 * holds the thread that answers requests. Plain JavaScript, as sqlite-writer.thread.js is (Node
 * starts a worker thread without the TypeScript loader). Answers each request with 'done', or the
 * error's message when it failed.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const { file } = /** @type {{ file: string }} */ (workerData);
const db = new Database(file);
db.pragma('busy_timeout = 5000');

const port = parentPort;
if (!port) throw new Error('sqlite-checkpointer.thread.js runs as a worker thread');
port.on('message', (/** @type {'checkpoint' | 'close'} */ message) => {
  if (message === 'close') {
    db.close();
    port.close();
    return;
  }
  try {
    // PASSIVE: copies what no reader still needs, waiting for nobody; the rest goes the next time.
    db.pragma('wal_checkpoint(PASSIVE)');
    port.postMessage('done');
  } catch (error) {
    port.postMessage(String(/** @type {Error} */ (error).message));
  }
});
