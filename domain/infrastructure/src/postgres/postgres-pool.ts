import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * One connection pool per process and server, whatever number of stores use it: the event log,
 * the read models, the key store and the sessions of a process share it, so six processes of the
 * full stack hold about sixty connections, well under PostgreSQL's default hundred.
 */
const POOL_SIZE = 10;

interface Shared {
  pool: pg.Pool;
  users: number;
}

const pools = new Map<string, Shared>();

export interface PooledConnections {
  pool: pg.Pool;
  /** Gives the pool back; the last store to do so closes it. */
  release(): Promise<void>;
}

/** The process's pool for `connectionString`, opened on first use. */
export function sharedPool(connectionString: string): PooledConnections {
  let shared = pools.get(connectionString);
  if (!shared) {
    const pool = new pg.Pool({ connectionString, max: POOL_SIZE, idleTimeoutMillis: 30_000 });
    // An idle connection the server closed (a restart, an administrator) is dropped from the pool;
    // without a listener the process would end on it. The next query opens a new one.
    pool.on('error', () => undefined);
    shared = { pool, users: 0 };
    pools.set(connectionString, shared);
  }
  shared.users += 1;
  const held = shared;
  let released = false;
  return {
    pool: held.pool,
    async release() {
      if (released) return;
      released = true;
      held.users -= 1;
      if (held.users > 0) return;
      pools.delete(connectionString);
      await held.pool.end();
    },
  };
}

/** Any number that names the lock every Nightlight schema change takes, so processes starting together do not race. */
const SCHEMA_LOCK = 0x4e4c5348;

/**
 * Runs schema statements (CREATE … IF NOT EXISTS), or `work` on the connection, in one transaction
 * under a lock shared by every process: two processes creating the same table at once would
 * otherwise collide in the catalog.
 */
export async function changeSchema(pool: pg.Pool, work: string | ((client: pg.PoolClient) => Promise<void>)): Promise<void> {
  const client = await pool.connect();
  // A connection the server ends while it is out of the pool says so here too; the statement waiting on it fails on its own.
  const ignore = () => undefined;
  client.on('error', ignore);
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    if (typeof work === 'string') await client.query(work);
    else await work(client);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.off('error', ignore);
    client.release();
  }
}

/** A quoted identifier; PostgreSQL cuts longer names to 63 bytes, so a longer one is refused rather than shortened. */
export function identifier(name: string): string {
  if (Buffer.byteLength(name) > 63) throw new Error(`The name ${name} is longer than PostgreSQL's 63 bytes`);
  return pg.escapeIdentifier(name);
}

/** Runs `setup` once; a failure (the server not there yet) is forgotten, so the next call tries again. */
export function once(setup: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => {
    done ??= setup().catch((error: unknown) => {
      done = undefined;
      throw error;
    });
    return done;
  };
}

const names = new Map<string, string>();

/**
 * A statement PostgreSQL parses and plans once per connection rather than at every call: named
 * after its text (the texts are few: one per statement and table).
 */
export function prepared(text: string, values: unknown[] = []): pg.QueryConfig {
  let name = names.get(text);
  if (name === undefined) names.set(text, (name = `nightlight_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`));
  return { name, text, values };
}
