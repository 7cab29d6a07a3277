import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A secret from configuration, or, in the embedded default, one created once in DATA_DIR and kept
 * there (readable by the owner only) so restarts can still read what was sealed before.
 */
export function secretFromConfigOrFile(configured: string | undefined, dataDir: string, fileName: string): Buffer {
  if (configured) {
    const key = Buffer.from(configured, 'base64');
    if (key.length < 32) throw new Error(`${fileName}: the configured secret must be base64 of at least 32 bytes`);
    return key;
  }
  const file = path.join(dataDir, fileName);
  const read = () => Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  try {
    return read();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const key = randomBytes(32);
    try {
      writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process on the same DATA_DIR created it first: use theirs.
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return read();
      throw error;
    }
    return key;
  }
}
