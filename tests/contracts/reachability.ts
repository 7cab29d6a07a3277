import { afterAll, beforeAll, describe, inject, it } from 'vitest';
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
export function postgresDatabase(suite: string): PostgresDatabase | undefined {
  const server = reachableUrl('postgres', suite);
  return server ? databaseOn(server) : undefined;
}

export interface PostgresDatabase {
  url(): string;
}

/** A fresh database on `server` for the tests of the enclosing suite (or file), dropped after them. */
function databaseOn(server: string): PostgresDatabase {
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

/**
 * A suite that needs nothing but PostgreSQL, on a database of its own. Without a server it prints
 * the SKIPPED line and is listed as skipped, so its file still holds a suite and passes for none.
 */
export function describeOnPostgres(suite: string, body: (database: PostgresDatabase) => void): void {
  const server = reachableUrl('postgres', suite);
  if (server) describe(suite, () => body(databaseOn(server)));
  else describe.skip(suite, () => it('runs on PostgreSQL', () => undefined));
}
