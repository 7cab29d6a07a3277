import Database from 'better-sqlite3';
import { DataKeyDestroyedError, type KeyStore } from '../ports/key-store';
import { sqliteWrite } from '../ports/storage-unavailable';
import { privateDatabaseFile } from '../files/private-files';

/**
 * Wrapped data keys in their own small SQLite file, apart from the event log, so destroying a key
 * touches only this file. secure_delete zeroes a deleted row's bytes in the database file, and the
 * checkpoint after each destroy truncates the WAL, which would otherwise still hold the key.
 * A destroyed owner keeps a tombstone row (the owner id only), checked in the same write
 * transaction that would create a key, so no process can create one after the destruction.
 */
export function createSqliteKeyStore({ file }: { file: string }): KeyStore {
  privateDatabaseFile(file);
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
      // A new parent's (or child's) first write creates the key: on a full or read-only disk, 503.
      const created = sqliteWrite('Key store', () => createUnlessDestroyed.immediate(ownerId, create()));
      if (!created) throw new DataKeyDestroyedError(ownerId);
      return created;
    },
    async getWrappedKey(ownerId) {
      return select.get(ownerId)?.wrapped_key ?? null;
    },
    async destroyKey(ownerId) {
      sqliteWrite('Key store', () => {
        destroy.immediate(ownerId);
        db.pragma('wal_checkpoint(TRUNCATE)');
      });
    },
    async close() {
      db.close();
    },
  };
}
