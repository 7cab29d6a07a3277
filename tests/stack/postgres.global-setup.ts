import type { TestProject } from 'vitest/node';
import type { Reachability } from '../contracts/reachability';
import { postgresMissing, startThrowawayPostgres } from './throwaway-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: Reachability;
  }
}

/**
 * Decides once, for every suite of the project, where PostgreSQL is: DATABASE_URL's server, else a
 * throwaway cluster of the binaries installed here (stopped at the end). Each suite makes a
 * database of its own there (`postgresDatabase`); without either, it prints a SKIPPED line.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const fromEnv = process.env['DATABASE_URL'];
  if (fromEnv) {
    project.provide('postgres', { url: fromEnv });
    return async () => undefined;
  }
  const missing = postgresMissing();
  if (missing) {
    project.provide('postgres', { skipped: `${missing} and DATABASE_URL not set` });
    return async () => undefined;
  }
  try {
    const cluster = await startThrowawayPostgres();
    project.provide('postgres', { url: cluster.url });
    return () => cluster.stop();
  } catch (error) {
    project.provide('postgres', { skipped: `could not start PostgreSQL (${error instanceof Error ? error.message : String(error)}) and DATABASE_URL not set` });
    return async () => undefined;
  }
}
