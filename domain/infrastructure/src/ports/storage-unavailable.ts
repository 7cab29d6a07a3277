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

// Replies with which a Redis server says it cannot take a write now (out of memory, a failed
// snapshot, a read-only replica, still loading), and the client's own "not connected" errors.
const REDIS_UNAVAILABLE = /^(OOM|MISCONF|READONLY|LOADING)\b|Connection is closed|Reached the max retries|ECONNREFUSED|ETIMEDOUT|ENOTFOUND/;

/** Runs a call to a Redis store, turning "cannot write there now" into StorageUnavailableError. */
export async function redisCall<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Error && REDIS_UNAVAILABLE.test(error.message)) throw new StorageUnavailableError(`${what} cannot be reached or take writes`, { cause: error });
    throw error;
  }
}

// PostgreSQL's SQLSTATE classes and codes that say the server cannot take the work now: the
// connection failed (08), resources ran out (53: a full disk, too many connections), the server is
// shutting down or starting (57P01-57P03), it is a read-only standby (25006), or its disk failed (58).
const POSTGRES_UNAVAILABLE = /^(08|53|58)|^57P0[123]$|^25006$/;
// What the client and Node's sockets say when there is no connection to ask at all.
const NO_CONNECTION = /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EHOSTUNREACH|EPIPE)$|Connection terminated|not queryable|timeout expired|Cannot use a pool after calling end/;

/** The PostgreSQL server cannot be reached or cannot take work now, as opposed to a refused statement. */
export function isPostgresUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (POSTGRES_UNAVAILABLE.test(code) || NO_CONNECTION.test(code))) return true;
  if (error instanceof AggregateError) return error.errors.some(isPostgresUnavailable);
  return NO_CONNECTION.test(error.message);
}

/** Runs a call to a PostgreSQL store, turning "cannot reach it or write there now" into StorageUnavailableError. */
export async function postgresCall<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isPostgresUnavailable(error)) throw new StorageUnavailableError(`${what} cannot be reached or take writes`, { cause: error });
    throw error;
  }
}
