import Database from 'better-sqlite3';
import type { KeyStore } from '../ports/key-store';

/**
 * Wrapped data keys in their own small SQLite file, apart from the event log, so destroying a key
 * touches only this file. secure_delete zeroes a deleted row's bytes in the database file, and the
 * checkpoint after each destroy truncates the WAL, which would otherwise still hold the key.
 */
export function createSqliteKeyStore({ file }: { file: string }): KeyStore {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('secure_delete = ON');
  db.pragma('busy_timeout = 5000');
  db.exec('CREATE TABLE IF NOT EXISTS data_keys (owner_id TEXT PRIMARY KEY, wrapped_key BLOB NOT NULL) WITHOUT ROWID');

  const select = db.prepare<[string], { wrapped_key: Buffer }>('SELECT wrapped_key FROM data_keys WHERE owner_id = ?');
  const insert = db.prepare<[string, Buffer]>('INSERT INTO data_keys (owner_id, wrapped_key) VALUES (?, ?) ON CONFLICT (owner_id) DO NOTHING');
  const remove = db.prepare<[string]>('DELETE FROM data_keys WHERE owner_id = ?');

  return {
    async getOrCreateWrappedKey(ownerId, create) {
      const existing = select.get(ownerId);
      if (existing) return existing.wrapped_key;
      // Another process may create the owner's key at the same time; whichever row landed first wins.
      insert.run(ownerId, create());
      return select.get(ownerId)!.wrapped_key;
    },
    async getWrappedKey(ownerId) {
      return select.get(ownerId)?.wrapped_key ?? null;
    },
    async destroyKey(ownerId) {
      remove.run(ownerId);
      db.pragma('wal_checkpoint(TRUNCATE)');
    },
    async close() {
      db.close();
    },
  };
}
