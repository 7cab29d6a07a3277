import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { loadConfig } from '@nightlight/infrastructure/config/app-config';
import { createAdapters } from '@nightlight/infrastructure/composition/adapters';
import { startEmbeddedServer, type EmbeddedServer } from '@nightlight/embedded/embedded-server';
import { generateFamilies } from './generate-families';

export const EVENTS_PER_DAY = 13;

export interface SeededServer {
  server: EmbeddedServer;
  url: string;
  token: string;
  /** The child with `days` of history, ending yesterday. */
  childId: string;
  close(): Promise<void>;
}

/**
 * The embedded default (real HTTP, SQLite file, in-memory read models) started on a log that already
 * holds one child's history of `days` days, owned by the parent whose token is returned.
 */
export async function startSeededServer({ days }: { days: number }): Promise<SeededServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nightlight-bench-server-'));
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' });
  const ownerId = uuidv7();
  let childId = '';
  const writer = await createAdapters(config);
  const firstDay = new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
  await generateFamilies(writer.eventStore, writer.cipher, { children: 1, eventsPerChild: 1 + days * EVENTS_PER_DAY, firstDay, ownerId, onChild: (id) => (childId = id) });
  await writer.close();

  const server = await startEmbeddedServer(config, { webDist: path.join(dataDir, 'no-web') });
  await server.ready;
  const token = await server.adapters.tokens.issueAccessToken(ownerId);
  return {
    server,
    url: server.url,
    token,
    childId,
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Percentile of a list of numbers (nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}
