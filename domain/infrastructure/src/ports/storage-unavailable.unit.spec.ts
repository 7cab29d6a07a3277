import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { sqliteWrite, StorageUnavailableError } from './storage-unavailable';

const failing = (code: string) => () => {
  throw Object.assign(new Error(code), { code });
};

describe('a write of an embedded SQLite store', () => {
  it.each(['SQLITE_FULL', 'SQLITE_READONLY', 'SQLITE_READONLY_DBMOVED', 'SQLITE_IOERR_WRITE', 'SQLITE_CANTOPEN', 'SQLITE_BUSY'])('that fails with %s is StorageUnavailableError (503)', (code) => {
    expect(() => sqliteWrite('Session store', failing(code))).toThrow(StorageUnavailableError);
    expect(() => sqliteWrite('Session store', failing(code))).toThrow('Session store cannot take writes');
  });

  it('that fails for another reason is the error it was (a bug, 500)', () => {
    expect(() => sqliteWrite('Session store', failing('SQLITE_CONSTRAINT_PRIMARYKEY'))).toThrow('SQLITE_CONSTRAINT_PRIMARYKEY');
    expect(() => sqliteWrite('Session store', failing('SQLITE_CONSTRAINT_PRIMARYKEY'))).not.toThrow(StorageUnavailableError);
  });

  it('on a database opened read-only is refused as unavailable, as a disk turned read-only is', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE t (x INTEGER)');
    const serialized = db.serialize();
    const readOnly = new Database(serialized, { readonly: true });
    expect(() => sqliteWrite('Key store', () => readOnly.prepare('INSERT INTO t VALUES (1)').run())).toThrow(StorageUnavailableError);
  });
});
