import { afterAll, beforeAll, inject } from 'vitest';
import { freshDatabase } from '../stack/throwaway-postgres';

/** Where a server-backed adapter can be reached, or why it cannot; decided once by the global setup. */
export type Reachability = { url: string } | { skipped: string };

/**
 * The server's URL, or undefined after printing the one SKIPPED line for the suite. The caller then
 * registers no tests for that adapter, so a missing server never shows up as passing tests.
 */
export function reachableUrl(key: 'esdb' | 'mongo' | 'postgres', suite: string): string | undefined {
  const reachability = inject(key);
  if ('url' in reachability) return reachability.url;
  console.log(`SKIPPED ${suite}: ${reachability.skipped}`);
  return undefined;
}

/**
 * A database of the suite's own on the PostgreSQL server the global setup found (dropped after the
 * suite), or undefined after the SKIPPED line. Its URL is read once the suite has begun. Called at
 * the top of a test file, it serves every suite in the file.
 */
export function postgresDatabase(suite: string): { url(): string } | undefined {
  const server = reachableUrl('postgres', suite);
  if (!server) return undefined;
  let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  beforeAll(async () => {
    database = await freshDatabase(server);
  });
  afterAll(async () => {
    await database?.drop();
  });
  return {
    url() {
      if (!database) throw new Error('The database is made when the suite begins');
      return database.url;
    },
  };
}
