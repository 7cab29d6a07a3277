import pg from 'pg';
import type { ConsumeResult, RefreshTokenRecord, Revocation, RetryMark, SessionStore } from '../ports/session-store';
import { postgresCall } from '../ports/storage-unavailable';
import { changeSchema, once, prepared, sharedPool } from '../postgres/postgres-pool';

// Instants are milliseconds, as the port gives them (bigint: past 2038 and up to MAX_SAFE_INTEGER, "for ever").
const SCHEMA = `
  CREATE SCHEMA IF NOT EXISTS sessions;
  CREATE TABLE IF NOT EXISTS sessions.refresh_tokens (
    token_id text COLLATE "C" PRIMARY KEY,
    family_id text NOT NULL,
    user_id text NOT NULL,
    secret_digest text NOT NULL,
    expires_at bigint NOT NULL,
    used boolean NOT NULL DEFAULT false,
    used_at bigint,
    retry_key_digest text,
    successor_id text
  );
  CREATE TABLE IF NOT EXISTS sessions.revoked_families (family_id text COLLATE "C" PRIMARY KEY);
  CREATE TABLE IF NOT EXISTS sessions.user_revocations (user_id text COLLATE "C" PRIMARY KEY, not_before bigint NOT NULL);
`;

interface Row {
  token_id: string;
  family_id: string;
  user_id: string;
  secret_digest: string;
  expires_at: string;
  used: boolean;
  used_at: string | null;
  retry_key_digest: string | null;
  successor_id: string | null;
}

const toRecord = (row: Row): RefreshTokenRecord => ({ tokenId: row.token_id, familyId: row.family_id, userId: row.user_id, secretDigest: row.secret_digest, expiresAt: Number(row.expires_at) });
const instant = (value: string | null): number | null => (value === null ? null : Number(value));

/** Where revocations are announced to every process: NOTIFY is delivered when the revoking transaction commits. */
const REVOCATIONS_CHANNEL = 'nightlight_session_revocations';
/** How long a listener whose connection dropped waits before it connects again. */
const RELISTEN_AFTER_MS = 1_000;

/**
 * Sessions on PostgreSQL, shared by every API process of a stack on PostgreSQL without Redis. A
 * revocation is announced with NOTIFY in the statement that records it, so every process's
 * listener hears of it once it is committed.
 */
export function createPostgresSessionStore({ connectionString }: { connectionString: string }): SessionStore {
  const { pool, release } = sharedPool(connectionString);
  const listeners = new Set<(revocation: Revocation) => void>();
  const tell = (revocation: Revocation) => {
    for (const listener of listeners) listener(revocation);
  };
  // A listening connection is held apart from the pool, opened when the first listener comes.
  let listening: pg.Client | null = null;
  let relisten: NodeJS.Timeout | null = null;
  const listen = () => {
    const client = new pg.Client({ connectionString });
    listening = client;
    client.on('notification', (message) => {
      if (message.channel === REVOCATIONS_CHANNEL && message.payload) tell(JSON.parse(message.payload) as Revocation);
    });
    const dropped = () => {
      if (listening !== client) return;
      listening = null;
      void client.end().catch(() => undefined);
      // What was announced meanwhile is lost: those who listen check everything again.
      relisten = setTimeout(() => {
        relisten = null;
        if (listeners.size > 0 && !listening) {
          listen();
          tell({ of: 'unknown' });
        }
      }, RELISTEN_AFTER_MS).unref();
    };
    client.on('error', dropped);
    client.on('end', dropped);
    client
      .connect()
      .then(() => client.query(`LISTEN ${REVOCATIONS_CHANNEL}`))
      .catch(dropped);
  };
  const stopListening = async () => {
    if (relisten) clearTimeout(relisten);
    relisten = null;
    const client = listening;
    listening = null;
    await client?.end().catch(() => undefined);
  };
  const announced = (revocation: Revocation): [string, unknown[]] => ['SELECT pg_notify($1, $2)', [REVOCATIONS_CHANNEL, JSON.stringify(revocation)]];
  const ready = once(() => changeSchema(pool, SCHEMA));
  const call = <T>(work: () => Promise<T>): Promise<T> =>
    postgresCall('Session store', async () => {
      await ready();
      return work();
    });
  const query = async <R extends object>(text: string, values: unknown[]): Promise<R[]> => (await pool.query(prepared(text, values))).rows as R[];

  return {
    saveRefreshToken: (record) =>
      call(async () => {
        await query('INSERT INTO sessions.refresh_tokens (token_id, family_id, user_id, secret_digest, expires_at) VALUES ($1, $2, $3, $4, $5)', [
          record.tokenId,
          record.familyId,
          record.userId,
          record.secretDigest,
          record.expiresAt,
        ]);
      }),
    findRefreshToken: (tokenId) =>
      call(async () => {
        const [row] = await query<Row>('SELECT * FROM sessions.refresh_tokens WHERE token_id = $1', [tokenId]);
        if (!row) return null;
        const retry: RetryMark | null = row.retry_key_digest && row.successor_id ? { keyDigest: row.retry_key_digest, successorId: row.successor_id } : null;
        return { record: toRecord(row), used: row.used, usedAt: instant(row.used_at), retry };
      }),
    consumeRefreshToken: (tokenId, now, retry) =>
      call(async (): Promise<ConsumeResult> => {
        // One statement changes only a row still unused: of two concurrent refreshes, one wins.
        const [marked] = await query<Row>(
          'UPDATE sessions.refresh_tokens SET used = true, used_at = $2, retry_key_digest = $3, successor_id = $4 WHERE token_id = $1 AND NOT used RETURNING *',
          [tokenId, now, retry?.keyDigest ?? null, retry?.successorId ?? null],
        );
        if (marked) return { status: 'ok', record: toRecord(marked) };
        // Read after the refused UPDATE: the instant the winner wrote, whoever it was.
        const [row] = await query<Row>('SELECT * FROM sessions.refresh_tokens WHERE token_id = $1', [tokenId]);
        return row ? { status: 'reused', record: toRecord(row), usedAt: instant(row.used_at) } : { status: 'unknown' };
      }),
    revokeFamily: (familyId) =>
      call(async () => {
        await query('INSERT INTO sessions.revoked_families (family_id) VALUES ($1) ON CONFLICT DO NOTHING', [familyId]);
        await query(...announced({ of: 'session', sessionId: familyId }));
      }),
    isFamilyRevoked: (familyId) => call(async () => (await query('SELECT 1 FROM sessions.revoked_families WHERE family_id = $1', [familyId])).length > 0),
    revokeAllForUser: (userId, at) =>
      call(async () => {
        // One statement: a password change's "now" racing an account deletion's "for ever" never lowers the cut-off.
        await query(
          'INSERT INTO sessions.user_revocations (user_id, not_before) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET not_before = GREATEST(sessions.user_revocations.not_before, EXCLUDED.not_before)',
          [userId, at],
        );
        await query(...announced({ of: 'user', userId }));
      }),
    tokensNotBefore: (userId) =>
      call(async () => {
        const [row] = await query<{ not_before: string }>('SELECT not_before FROM sessions.user_revocations WHERE user_id = $1', [userId]);
        return row ? Number(row.not_before) : null;
      }),
    onRevoked(listener) {
      listeners.add(listener);
      if (!listening && !relisten) listen();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) void stopListening();
      };
    },
    async close() {
      listeners.clear();
      await stopListening();
      await release();
    },
  };
}
