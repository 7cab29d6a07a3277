// @ts-check
/**
 * The SQLite event store's writer, in a thread of its own so that a commit's fsync never stops the
 * process from serving requests meanwhile. Plain JavaScript: Node starts a worker thread without the
 * TypeScript loader the rest of the code runs under. Types are checked through the JSDoc below.
 *
 * It receives batches of appends (all that were asked for while the previous batch was being
 * written), writes each batch in one transaction with one fsync, every append of several events
 * under its own savepoint so a conflict refuses that append alone, and answers with one outcome per append.
 */
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

/** @typedef {'no_stream' | 'any' | number} ExpectedRevision */
/** @typedef {[id: string, type: string, data: string, metadata: string]} EncodedEvent */
/** @typedef {{ streamId: string, expected: ExpectedRevision, events: EncodedEvent[] }} Append */
/** @typedef {{ nextRevision: number, position: number }} AppendResult */
/**
 * @typedef {{ ok: true, result: AppendResult }
 *   | { ok: false, kind: 'conflict', actual: number | 'no_stream' }
 *   | { ok: false, kind: 'unavailable' | 'failed', message: string, code?: string }} Outcome
 */
/**
 * A batch as the store sends it: one text, so that handing it over is one copy instead of a clone
 * of every part of every event (an import sends thousands at once). For each append a line
 * `[streamId, expected, count]`, then for each of its events a line `[id, type, metadata]` (the
 * index of its metadata's JSON in `metadata`) and a line of its data's JSON; each line is JSON,
 * which never holds a line break of its own.
 * @typedef {{ text: string, metadata: string[] }} EncodedBatch
 */
/**
 * The outcomes as the thread answers them: three numbers an append, `[0, nextRevision, position]`,
 * `[1, actual revision or -1 for no stream]` (a conflict), or `[2]` with the failure in `failures`
 * under the append's index.
 * @typedef {{ codes: Float64Array, failures: Record<number, { kind: 'unavailable' | 'failed', message: string, code?: string }> }} EncodedOutcomes
 */

// Errors that mean the storage itself cannot take writes, as opposed to a refused append.
const UNAVAILABLE_CODES = ['SQLITE_FULL', 'SQLITE_READONLY', 'SQLITE_IOERR', 'SQLITE_CANTOPEN', 'SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_CORRUPT', 'SQLITE_NOTADB'];

/** @param {unknown} error */
function codeOf(error) {
  const code = /** @type {{ code?: unknown }} */ (error).code;
  return typeof code === 'string' ? code : undefined;
}

/** @param {unknown} error */
function isUnavailable(error) {
  const code = codeOf(error);
  return code !== undefined && UNAVAILABLE_CODES.some((prefix) => code.startsWith(prefix));
}

class Conflict extends Error {
  /** @param {number | 'no_stream'} actual */
  constructor(actual) {
    super('conflict');
    this.actual = actual;
  }
}

const { file } = /** @type {{ file: string }} */ (workerData);
const db = new Database(file);
db.pragma('busy_timeout = 5000');
db.pragma('journal_mode = WAL');
// FULL: an acknowledged append survives a power cut, not only a process crash.
db.pragma('synchronous = FULL');
/*
 * The log is copied into the file (a checkpoint) here, after a batch is answered, at most once a
 * second and once CHECKPOINT_EVENTS were written since the last. SQLite's own, in the commit that
 * fills the log past 1,000 pages, held that commit's appends meanwhile, and copied the pages of the
 * stream index an import changes all over (its entries' ids are random) again at each: this thread
 * used 24.5 s of CPU for a 16 MB import then, 13.5 s now (docs/decisions.md, "Storage").
 */
db.pragma('wal_autocheckpoint = 0');
const CHECKPOINT_GAP_MS = 1000;
const CHECKPOINT_EVENTS = 1000;
let lastCheckpoint = performance.now();
let eventsSinceCheckpoint = 0;

function checkpointWhenDue() {
  if (eventsSinceCheckpoint < CHECKPOINT_EVENTS || performance.now() - lastCheckpoint < CHECKPOINT_GAP_MS) return;
  lastCheckpoint = performance.now();
  try {
    // PASSIVE: copies what no reader still needs, waiting for nobody; the rest goes the next time.
    db.pragma('wal_checkpoint(PASSIVE)');
    eventsSinceCheckpoint = 0;
  } catch {
    // Tried again after the next batch: the appends were committed to the log all the same.
  }
}

const currentRevision = db.prepare('SELECT revision FROM events WHERE stream_id = ? ORDER BY revision DESC LIMIT 1').pluck();
const insert = db.prepare('INSERT INTO events (stream_id, revision, id, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)');
const byId = db.prepare('SELECT stream_id, revision, position FROM events WHERE id = ?');

/**
 * A retried append whose events are already stored, at the place it expected, is answered again.
 * @param {Append} append
 * @returns {AppendResult | undefined}
 */
function alreadyAppended(append) {
  /** @type {{ revision: number, position: number } | undefined} */
  let last;
  for (const [index, [id]] of append.events.entries()) {
    const row = /** @type {{ stream_id: string, revision: number, position: number } | undefined} */ (byId.get(id));
    if (!row || row.stream_id !== append.streamId) return undefined;
    if (last && row.revision !== last.revision + 1) return undefined;
    if (index === 0 && append.expected !== 'any') {
      const expectedFirst = append.expected === 'no_stream' ? 0 : append.expected + 1;
      if (row.revision !== expectedFirst) return undefined;
    }
    last = row;
  }
  return last && { nextRevision: last.revision, position: last.position };
}

/**
 * @param {Append} append
 * @returns {AppendResult}
 */
function writeOne(append) {
  const { expected } = append;
  // A new stream's first event is inserted without looking first: the (stream_id, revision) key
  // refuses it when the stream exists (writeBatch tells that conflict apart). An import's appends are all such.
  const current = expected === 'no_stream' ? undefined : /** @type {number | undefined} */ (currentRevision.get(append.streamId));
  const matches = expected === 'any' || expected === 'no_stream' || current === expected;
  if (!matches) {
    const retried = alreadyAppended(append);
    if (retried) return retried;
    throw new Conflict(current ?? 'no_stream');
  }
  let revision = current ?? -1;
  let position = 0;
  for (const [id, type, data, metadata] of append.events) {
    revision += 1;
    position = Number(insert.run(append.streamId, revision, id, type, data, metadata).lastInsertRowid);
  }
  return { nextRevision: revision, position };
}

function rollbackQuietly() {
  try {
    if (db.inTransaction) db.exec('ROLLBACK');
  } catch {
    // SQLite may already have rolled back after an I/O error; the batch is refused either way.
  }
}

/**
 * @param {Append[]} batch
 * @returns {Outcome[]}
 */
function writeBatch(batch) {
  /** @type {Outcome[]} */
  const outcomes = [];
  try {
    db.exec('BEGIN IMMEDIATE');
    for (const append of batch) {
      // One event is one statement, which SQLite takes back alone when it fails: no savepoint
      // needed (an import appends hundreds of thousands of single events).
      const several = append.events.length > 1;
      if (several) db.exec('SAVEPOINT append');
      try {
        outcomes.push({ ok: true, result: writeOne(append) });
        if (several) db.exec('RELEASE append');
      } catch (error) {
        if (isUnavailable(error)) throw error;
        if (several) {
          db.exec('ROLLBACK TO append');
          db.exec('RELEASE append');
        }
        const unique = codeOf(error) === 'SQLITE_CONSTRAINT_UNIQUE';
        const retried = unique ? alreadyAppended(append) : undefined;
        const existing = unique && append.expected === 'no_stream' ? /** @type {number | undefined} */ (currentRevision.get(append.streamId)) : undefined;
        if (retried) outcomes.push({ ok: true, result: retried });
        else if (error instanceof Conflict) outcomes.push({ ok: false, kind: 'conflict', actual: error.actual });
        else if (existing !== undefined) outcomes.push({ ok: false, kind: 'conflict', actual: existing });
        else outcomes.push({ ok: false, kind: 'failed', message: String(/** @type {Error} */ (error).message), code: codeOf(error) });
      }
    }
    db.exec('COMMIT');
    for (const append of batch) eventsSinceCheckpoint += append.events.length;
    return outcomes;
  } catch (error) {
    rollbackQuietly();
    const message = String(/** @type {Error} */ (error).message);
    return batch.map(() => ({ ok: /** @type {const} */ (false), kind: /** @type {const} */ ('unavailable'), message, code: codeOf(error) }));
  }
}

/**
 * @param {EncodedBatch} batch
 * @returns {Append[]}
 */
function decode({ text, metadata }) {
  const lines = text.split('\n');
  /** @type {Append[]} */
  const appends = [];
  for (let at = 0; at < lines.length; ) {
    const [streamId, expected, count] = /** @type {[string, ExpectedRevision, number]} */ (JSON.parse(/** @type {string} */ (lines[at++])));
    /** @type {EncodedEvent[]} */
    const events = [];
    for (let index = 0; index < count; index++) {
      const [id, type, metadataIndex] = /** @type {[string, string, number]} */ (JSON.parse(/** @type {string} */ (lines[at++])));
      events.push([id, type, /** @type {string} */ (lines[at++]), /** @type {string} */ (metadata[metadataIndex])]);
    }
    appends.push({ streamId, expected, events });
  }
  return appends;
}

/**
 * @param {Outcome[]} outcomes
 * @returns {EncodedOutcomes}
 */
function encode(outcomes) {
  const codes = new Float64Array(outcomes.length * 3);
  /** @type {EncodedOutcomes['failures']} */
  const failures = {};
  outcomes.forEach((outcome, index) => {
    if (outcome.ok) codes.set([0, outcome.result.nextRevision, outcome.result.position], index * 3);
    else if (outcome.kind === 'conflict') codes.set([1, outcome.actual === 'no_stream' ? -1 : outcome.actual], index * 3);
    else {
      codes[index * 3] = 2;
      failures[index] = { kind: outcome.kind, message: outcome.message, ...(outcome.code === undefined ? {} : { code: outcome.code }) };
    }
  });
  return { codes, failures };
}

const port = parentPort;
if (!port) throw new Error('sqlite-writer.thread.js runs as a worker thread');
port.on('message', (/** @type {EncodedBatch | 'close'} */ message) => {
  if (message === 'close') {
    db.close();
    port.close();
    return;
  }
  port.postMessage(encode(writeBatch(decode(message))));
  checkpointWhenDue();
});
