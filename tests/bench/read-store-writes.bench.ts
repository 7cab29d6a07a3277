import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createSqliteReadStore } from '@nightlight/infrastructure/read-store/sqlite-read-store';
import { ensureReadModelIndexes } from '@nightlight/projector/read-model-indexes';

/**
 * What the SQLite read models' file costs per document written, against SQLite alone: the floor
 * under a rebuild's rate. `npx tsx tests/bench/read-store-writes.bench.ts` (DOCUMENTS, default
 * 300,000). Writes timeline documents shaped as a bottle feeding's (64 children, one every 20
 * minutes), committed every 5,000 as the projector commits while catching up, three ways:
 * through the read store (upserts, with the timeline's three indexes), straight into a
 * better-sqlite3 table of the same columns with those indexes and with none, and as rows of a
 * child's day (its entries in one document) with an index of entry ids beside them.
 */
const DOCUMENTS = Number(process.env.DOCUMENTS ?? 300_000);
const COMMIT_EVERY = 5000;
const CHILDREN = 64;

const children = Array.from({ length: CHILDREN }, () => randomUUID());
const firstMs = Date.parse('2025-01-01T00:00:00Z');
function documentAt(index: number) {
  const childId = children[index % CHILDREN]!;
  const startedAt = new Date(firstMs + Math.floor(index / CHILDREN) * 20 * 60_000).toISOString();
  return {
    _id: `${index.toString(16).padStart(12, '0')}-${randomUUID().slice(13)}`,
    childId,
    ownerId: childId,
    kind: 'feeding',
    startedAt,
    endedAt: startedAt,
    localDate: startedAt.slice(0, 10),
    position: index + 1,
    method: 'Bottle',
    amountOz: 3.5,
    type: 'Formula',
    sealedNotes: 'v1.aGVsbG8gd29ybGQgdGhpcyBpcyBzZWFsZWQ',
    loggedBy: childId,
  };
}
const documents = Array.from({ length: DOCUMENTS }, (_, index) => documentAt(index));

async function timed(label: string, write: () => void | Promise<void>): Promise<void> {
  const started = performance.now();
  await write();
  const seconds = (performance.now() - started) / 1000;
  console.log(`${label.padEnd(44)} ${Math.round(DOCUMENTS / seconds).toLocaleString('en').padStart(8)} documents/s  ${((seconds * 1e6) / DOCUMENTS).toFixed(1).padStart(5)} µs each`);
}

const scratch = mkdtempSync(path.join(tmpdir(), 'nightlight-read-store-writes-'));
/** A file with the read store's settings, written to with SQL alone. */
function bareFile(name: string): Database.Database {
  const db = new Database(path.join(scratch, name));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('cache_size = -65536');
  return db;
}
try {
  const store = createSqliteReadStore({ file: path.join(scratch, 'store.sqlite'), cacheDocuments: 20_000 });
  await ensureReadModelIndexes(store);
  const timeline = store.collection('timeline');
  await timed('read store: replaceOne (upsert), 3 indexes', async () => {
    for (const [index, doc] of documents.entries()) {
      await timeline.replaceOne({ _id: doc._id }, doc, { upsert: true, handOver: true });
      if ((index + 1) % COMMIT_EVERY === 0) await store.commit();
    }
    await store.commit();
  });
  await store.close();

  for (const indexes of [3, 0]) {
    const db = bareFile(`bare-${indexes}.sqlite`);
    db.exec('CREATE TABLE docs (id TEXT PRIMARY KEY, doc TEXT NOT NULL, child_id, started_at, kind, local_date, ended_at)');
    if (indexes === 3) {
      db.exec('CREATE INDEX a ON docs (child_id, started_at, id)');
      db.exec('CREATE INDEX b ON docs (child_id, kind, local_date, id)');
      db.exec('CREATE INDEX c ON docs (child_id, kind, ended_at, id)');
    }
    const insert = db.prepare('INSERT INTO docs VALUES (?, ?, ?, ?, ?, ?, ?)');
    await timed(`SQLite alone: INSERT, ${indexes} indexes`, () => {
      db.exec('BEGIN');
      for (const [index, doc] of documents.entries()) {
        insert.run(doc._id, JSON.stringify(doc), doc.childId, doc.startedAt, doc.kind, doc.localDate, doc.endedAt);
        if ((index + 1) % COMMIT_EVERY === 0) db.exec('COMMIT; BEGIN');
      }
      db.exec('COMMIT');
    });
    db.close();
  }
  {
    // The other layout: one row per child and local day holding that day's entries, rewritten once
    // per commit for the days the commit touched, and a narrow table from an entry's id to its day.
    const db = bareFile('bare-days.sqlite');
    db.exec('CREATE TABLE days (id TEXT PRIMARY KEY, doc TEXT NOT NULL, child_id, local_date)');
    db.exec('CREATE INDEX a ON days (child_id, local_date, id)');
    db.exec('CREATE TABLE entries (id TEXT PRIMARY KEY, day TEXT NOT NULL)');
    const upsertDay = db.prepare('INSERT INTO days VALUES (?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc');
    const insertEntry = db.prepare('INSERT INTO entries VALUES (?, ?)');
    const days = new Map<string, (typeof documents)[number][]>();
    await timed('SQLite alone: a row per child and day, 1 index', () => {
      let touched = new Set<string>();
      const flush = () => {
        for (const day of touched) upsertDay.run(day, JSON.stringify(days.get(day)), day.slice(0, 36), day.slice(37));
        touched = new Set();
      };
      db.exec('BEGIN');
      for (const [index, doc] of documents.entries()) {
        const day = `${doc.childId}:${doc.localDate}`;
        let entries = days.get(day);
        if (!entries) days.set(day, (entries = []));
        entries.push(doc);
        touched.add(day);
        insertEntry.run(doc._id, day);
        if ((index + 1) % COMMIT_EVERY === 0) {
          flush();
          db.exec('COMMIT; BEGIN');
        }
      }
      flush();
      db.exec('COMMIT');
    });
    db.close();
  }
  console.log(`a rebuild at 50,000 events/s has 20 µs for each event, all of its work included`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
