import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';

/**
 * DATA_DIR holds the event log, the keys, the sessions and the read models: readable by the
 * service's own user only, never by every local user. A folder or file from an earlier version,
 * made with the default 0755/0644, is tightened when it is next opened.
 */
const PRIVATE_FOLDER = 0o700;
const PRIVATE_FILE = 0o600;
/** What SQLite keeps beside a database; it creates them with the database file's own mode. */
const SQLITE_SIDE_FILES = ['-wal', '-shm', '-journal'];

function tighten(target: string, mode: number): void {
  try {
    if ((statSync(target).mode & 0o777) !== mode) chmodSync(target, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** The folder exists and only its owner may enter it. */
export function privateFolder(folder: string): void {
  mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER });
  tighten(folder, PRIVATE_FOLDER);
}

/** A file that exists is readable by its owner only (a generated secret read again, say). */
export function privateFile(file: string): void {
  tighten(file, PRIVATE_FILE);
}

/**
 * Before SQLite opens a database for writing: the file exists with mode 0600, so the write-ahead
 * log, shared memory and journal SQLite creates beside it later are 0600 as well; side files left
 * by an earlier version are tightened too.
 */
export function privateDatabaseFile(file: string): void {
  if (file === ':memory:' || file === '') return;
  if (!existsSync(file)) closeSync(openSync(file, 'a', PRIVATE_FILE));
  for (const target of [file, ...SQLITE_SIDE_FILES.map((suffix) => file + suffix)]) tighten(target, PRIVATE_FILE);
}
