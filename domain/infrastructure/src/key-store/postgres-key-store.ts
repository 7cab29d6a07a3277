import { DataKeyDestroyedError, type KeyStore } from '../ports/key-store';
import { postgresCall } from '../ports/storage-unavailable';
import { changeSchema, once, prepared, sharedPool } from '../postgres/postgres-pool';

/*
 * A schema of its own, apart from the event log and the read models, so that it can be dumped and
 * kept apart with a short retention (pg_dump --schema key_store; docs/accounts.md). A destroyed
 * owner's row stays as its tombstone, without a key: a creation and a destruction of one owner are
 * both writes of that one row, so whichever comes second sees the first.
 */
const SCHEMA = `
  CREATE SCHEMA IF NOT EXISTS key_store;
  CREATE TABLE IF NOT EXISTS key_store.data_keys (
    owner_id text COLLATE "C" PRIMARY KEY,
    wrapped_key bytea,
    destroyed boolean NOT NULL DEFAULT false
  );
`;

/** Wrapped data keys on PostgreSQL, one row per owner, for the full stack on PostgreSQL. */
export function createPostgresKeyStore({ connectionString }: { connectionString: string }): KeyStore {
  const { pool, release } = sharedPool(connectionString);
  const ready = once(() => changeSchema(pool, SCHEMA));
  const call = <T>(work: () => Promise<T>): Promise<T> =>
    postgresCall('Key store', async () => {
      await ready();
      return work();
    });

  const read = async (ownerId: string) =>
    (await pool.query<{ wrapped_key: Buffer | null; destroyed: boolean }>(prepared('SELECT wrapped_key, destroyed FROM key_store.data_keys WHERE owner_id = $1', [ownerId]))).rows[0];

  return {
    getOrCreateWrappedKey: (ownerId, create) =>
      call(async () => {
        const existing = await read(ownerId);
        if (existing?.destroyed) throw new DataKeyDestroyedError(ownerId);
        if (existing) return existing.wrapped_key!;
        // An insert only: a tombstone written meanwhile is a row already, and stays as it is.
        await pool.query(prepared('INSERT INTO key_store.data_keys (owner_id, wrapped_key) VALUES ($1, $2) ON CONFLICT (owner_id) DO NOTHING', [ownerId, create()]));
        // Read again: the winner of a concurrent creation, or a destruction that came first.
        const stored = await read(ownerId);
        if (!stored || stored.destroyed) throw new DataKeyDestroyedError(ownerId);
        return stored.wrapped_key!;
      }),
    getWrappedKey: (ownerId) => call(async () => (await read(ownerId))?.wrapped_key ?? null),
    destroyKey: (ownerId) =>
      call(async () => {
        await pool.query(
          prepared('INSERT INTO key_store.data_keys (owner_id, wrapped_key, destroyed) VALUES ($1, NULL, true) ON CONFLICT (owner_id) DO UPDATE SET wrapped_key = NULL, destroyed = true', [ownerId]),
        );
      }),
    close: release,
  };
}
