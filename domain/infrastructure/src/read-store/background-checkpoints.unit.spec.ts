import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { backgroundCheckpoints } from './background-checkpoints';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** An empty file in WAL mode. */
function writtenFile() {
  const dir = mkdtempSync(path.join(tmpdir(), 'background-checkpoints-'));
  dirs.push(dir);
  const file = path.join(dir, 'read-models.sqlite');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  return { db, file };
}

/** 400 rows of 4 KiB in one commit: about 1.6 MB, all of it in the log until a checkpoint copies it. */
const writeRows = (db: Database.Database) => {
  db.exec('CREATE TABLE docs (id INTEGER PRIMARY KEY, doc TEXT)');
  const insert = db.prepare('INSERT INTO docs (doc) VALUES (?)');
  db.transaction(() => {
    for (let row = 0; row < 400; row++) insert.run('x'.repeat(4096));
  })();
};

describe("the read models' checkpoints in a thread of their own", () => {
  it('copy the log into the file after a commit, SQLite copying nothing itself on the committing thread', async () => {
    const { db, file } = writtenFile();
    const checkpoints = backgroundCheckpoints(db, file);
    checkpoints.afterCommit();
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    writeRows(db);
    // Not yet in the file itself: SQLite's own checkpoint would have copied it at the commit.
    expect(statSync(file).size).toBeLessThan(100_000);
    checkpoints.afterCommit();
    await expect.poll(() => statSync(file).size, { timeout: 10_000 }).toBeGreaterThan(1_600_000);
    await checkpoints.close();
    db.close();
  });
});
