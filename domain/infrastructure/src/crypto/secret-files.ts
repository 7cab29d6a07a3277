import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config/app-config';
import { privateFile, privateFolder } from '../files/private-files';

const MIN_SECRET_BYTES = 32;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** The file's secret, or a clear refusal: an empty or cut-short file must not become a weak key. */
function secretOf(file: string, contents: string): Buffer {
  const text = contents.trim();
  const base64 = BASE64.test(text);
  const key = base64 ? Buffer.from(text, 'base64') : Buffer.alloc(0);
  if (key.length < MIN_SECRET_BYTES) {
    const found = !text ? 'it holds nothing' : base64 ? `it holds ${key.length} bytes` : 'it is not base64';
    throw new ConfigError(
      `${file} does not hold a secret: it must be base64 of at least ${MIN_SECRET_BYTES} bytes (${found}). ` +
        'Restore it from a backup. Deleting it makes a new one at the next start, and everything sealed or signed with the old one unreadable.',
    );
  }
  return key;
}

/** Writes a new file and forces it to disk before returning: a key lost to a power cut loses every value sealed with it. */
function writeDurably(file: string, contents: string): void {
  const fd = openSync(file, 'wx', 0o600);
  try {
    writeSync(fd, contents);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Makes a new name in the folder survive a power cut (the folder's entry list is on disk too). */
function syncFolder(folder: string): void {
  const fd = openSync(folder, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function readIfPresent(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * A secret from configuration, or, in the embedded default, one created once in DATA_DIR and kept
 * there (readable by the owner only) so restarts can still read what was sealed before.
 */
export function secretFromConfigOrFile(configured: string | undefined, dataDir: string, fileName: string): Buffer {
  if (configured) {
    const key = Buffer.from(configured, 'base64');
    if (key.length < MIN_SECRET_BYTES) throw new ConfigError(`${fileName}: the configured secret must be base64 of at least ${MIN_SECRET_BYTES} bytes`);
    return key;
  }
  const file = path.join(dataDir, fileName);
  const existing = readIfPresent(file);
  if (existing !== null) {
    privateFile(file);
    return secretOf(file, existing);
  }

  privateFolder(dataDir);
  const key = randomBytes(32);
  // Written whole under another name, then linked into place: another process on the same DATA_DIR
  // either finds no file or a complete one, never one half-written, and the first link wins.
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeDurably(draft, key.toString('base64'));
  try {
    linkSync(draft, file);
    syncFolder(dataDir);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return secretOf(file, readFileSync(file, 'utf8'));
    throw error;
  } finally {
    unlinkSync(draft);
  }
}
