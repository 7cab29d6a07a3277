/**
 * A store could not take a write: its disk is full or read-only, its file cannot be opened, its
 * server cannot be reached. Whatever the store (event log, keys, sessions), the user hears the same
 * 503 'nothing was saved, try again shortly', never a 500, and the write left nothing half done.
 */
export class StorageUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailableError';
  }
}

// Result codes of SQLite (better-sqlite3's `code`, extended codes included by prefix) that say the
// file cannot take writes now, as opposed to a bug in the statement.
const SQLITE_UNAVAILABLE = ['SQLITE_FULL', 'SQLITE_READONLY', 'SQLITE_IOERR', 'SQLITE_CANTOPEN', 'SQLITE_BUSY', 'SQLITE_LOCKED'];

/** Runs a write of an embedded SQLite store, turning "cannot write here now" into StorageUnavailableError. */
export function sqliteWrite<T>(what: string, write: () => T): T {
  try {
    return write();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && SQLITE_UNAVAILABLE.some((prefix) => code.startsWith(prefix))) throw new StorageUnavailableError(`${what} cannot take writes`, { cause: error });
    throw error;
  }
}
