import { readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';

/** The embedded read models of one version live in one SQLite file in DATA_DIR, named after it. */
const FILE_NAME = /^read-models-([0-9a-f]+)\.sqlite$/;

export function readModelFile(dataDir: string, version: string): string {
  return path.join(dataDir, `read-models-${version}.sqlite`);
}

/** The versions whose read-model files are in DATA_DIR. */
export function readModelVersionsOnDisk(dataDir: string): string[] {
  return readdirSync(dataDir).flatMap((name) => FILE_NAME.exec(name)?.[1] ?? []);
}

/**
 * Removes a version's file with its write-ahead log and shared-memory index. Off the event loop:
 * freeing the blocks of a file of many gigabytes takes the kernel a while, and requests go on meanwhile.
 */
export async function removeReadModelFile(dataDir: string, version: string): Promise<void> {
  const file = readModelFile(dataDir, version);
  await Promise.all(['', '-wal', '-shm'].map((suffix) => rm(`${file}${suffix}`, { force: true })));
}
