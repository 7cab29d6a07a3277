import Database from 'better-sqlite3';
import { EventStoreUnavailableError } from '../ports/event-store';
import { DataKeyDestroyedError, type KeyStore } from '../ports/key-store';

// A new parent's first write creates their data key here; when the disk is full or read-only that
// is the same "nothing was saved, try again" as a failed append (HTTP 503), not an unexpected error.
const UNAVAILABLE_CODES = ['SQLITE_FULL', 'SQLITE_READONLY', 'SQLITE_IOERR', 'SQLITE_CANTOPEN', 'SQLITE_BUSY', 'SQLITE_LOCKED'];

function isUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && UNAVAILABLE_CODES.some((prefix) => code.startsWith(prefix));
}

/**
 * Wrapped data keys in their own small SQLite file, apart from the event log, so destroying a key
 * touches only this file. secure_delete zeroes a deleted row's bytes in the database file, and the
 * checkpoint after each destroy truncates the WAL, which would otherwise still hold the key.
 * A destroyed owner keeps a tombstone row (the owner id only), checked in the same write
 * transaction that would create a key, so no process can create one after the destruction.
 */
export function createSqliteKeyStore({ file }: { file: string }): KeyStore {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('secure_delete = ON');
  db.pragma('busy_timeout = 5000');
  db.exec(`
    CREATE TABLE IF NOT EXISTS data_keys (owner_id TEXT PRIMARY KEY, wrapped_key BLOB NOT NULL) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS destroyed_keys (owner_id TEXT PRIMARY KEY) WITHOUT ROWID;
  `);

  const select = db.prepare<[string], { wrapped_key: Buffer }>('SELECT wrapped_key FROM data_keys WHERE owner_id = ?');
  const insert = db.prepare<[string, Buffer]>('INSERT INTO data_keys (owner_id, wrapped_key) VALUES (?, ?) ON CONFLICT (owner_id) DO NOTHING');
  const remove = db.prepare<[string]>('DELETE FROM data_keys WHERE owner_id = ?');
  const isDestroyed = db.prepare<[string], { one: number }>('SELECT 1 AS one FROM destroyed_keys WHERE owner_id = ?');
  const bury = db.prepare<[string]>('INSERT INTO destroyed_keys (owner_id) VALUES (?) ON CONFLICT (owner_id) DO NOTHING');

  // IMMEDIATE: the tombstone check and the insert hold the write lock together, so a destroy by
  // another process lands wholly before or wholly after them.
  const createUnlessDestroyed = db.transaction((ownerId: string, wrapped: Buffer): Buffer | null => {
    if (isDestroyed.get(ownerId)) return null;
    insert.run(ownerId, wrapped);
    return select.get(ownerId)!.wrapped_key;
  });
  const destroy = db.transaction((ownerId: string) => {
    remove.run(ownerId);
    bury.run(ownerId);
  });

  return {
    async getOrCreateWrappedKey(ownerId, create) {
      const existing = select.get(ownerId);
      if (existing) return existing.wrapped_key;
      let created: Buffer | null;
      try {
        created = createUnlessDestroyed.immediate(ownerId, create());
      } catch (error) {
        if (isUnavailable(error)) throw new EventStoreUnavailableError('Key store cannot take writes', { cause: error });
        throw error;
      }
      if (!created) throw new DataKeyDestroyedError(ownerId);
      return created;
    },
    async getWrappedKey(ownerId) {
      return select.get(ownerId)?.wrapped_key ?? null;
    },
    async destroyKey(ownerId) {
      destroy.immediate(ownerId);
      db.pragma('wal_checkpoint(TRUNCATE)');
    },
    async close() {
      db.close();
    },
  };
}
