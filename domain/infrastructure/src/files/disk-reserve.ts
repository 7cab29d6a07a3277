import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { privateFile } from './private-files';

/**
 * Space held on the disk for one moment: a file of zeros made while there is room, and given up when
 * a write finds the disk full, so that the write can be done once more (see the SQLite read store's
 * `reserve`). Made again at the next start.
 */
export interface DiskReserve {
  /** Gives the space back to the disk; false when it was already given (or never made). */
  release(): boolean;
}

export function diskReserve(file: string, bytes: number): DiskReserve {
  if (existsSync(file)) privateFile(file);
  else {
    try {
      writeFileSync(file, Buffer.alloc(bytes), { mode: 0o600 });
    } catch {
      // No room even for the reserve: the disk is full already, and there is nothing to hold.
      rmSync(file, { force: true });
    }
  }
  return {
    release() {
      if (!existsSync(file)) return false;
      rmSync(file, { force: true });
      return true;
    },
  };
}
