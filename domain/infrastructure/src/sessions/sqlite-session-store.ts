import Database from 'better-sqlite3';
import type { ConsumeResult, RefreshTokenRecord, RetryMark, Revocation, SessionStore } from '../ports/session-store';
import { sqliteWrite } from '../ports/storage-unavailable';
import { privateDatabaseFile } from '../files/private-files';

/**
 * How long a revocation written by another process (command-api apart from query-api on one
 * DATA_DIR) may take to be seen here; this store's own are seen at once.
 */
const OTHER_PROCESSES_SEEN_WITHIN_MS = 100;
/** Users whose revocation cut-off, and sessions whose revocation, are kept in memory: every request asks for its own. */
const CUT_OFFS_KEPT = 100_000;

/** Sessions of the embedded default, in their own SQLite file beside the event log. */
export function createSqliteSessionStore({ file, now = Date.now }: { file: string; now?: () => number }): SessionStore {
  privateDatabaseFile(file);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec(`
    CREATE TABLE IF NOT EXISTS refresh_tokens (
      token_id TEXT PRIMARY KEY, family_id TEXT NOT NULL, user_id TEXT NOT NULL,
      secret_digest TEXT NOT NULL, expires_at INTEGER NOT NULL, used INTEGER NOT NULL DEFAULT 0);
    CREATE INDEX IF NOT EXISTS refresh_tokens_family ON refresh_tokens(family_id);
    CREATE TABLE IF NOT EXISTS revoked_families (family_id TEXT PRIMARY KEY);
    CREATE TABLE IF NOT EXISTS user_revocations (user_id TEXT PRIMARY KEY, not_before INTEGER NOT NULL);
  `);
  // Files made before the instant of use and the retry mark were kept get the columns; their used tokens have none.
  const columns = new Set((db.prepare('PRAGMA table_info(refresh_tokens)').all() as { name: string }[]).map((column) => column.name));
  for (const column of ['used_at INTEGER', 'retry_key_digest TEXT', 'successor_id TEXT']) {
    if (!columns.has(column.split(' ')[0]!)) db.exec(`ALTER TABLE refresh_tokens ADD COLUMN ${column}`);
  }
  const insert = db.prepare(
    'INSERT INTO refresh_tokens (token_id, family_id, user_id, secret_digest, expires_at) VALUES (?, ?, ?, ?, ?)',
  );
  const select = db.prepare('SELECT * FROM refresh_tokens WHERE token_id = ?');
  // The UPDATE only changes a row that is still unused, so of two concurrent refreshes one wins.
  const markUsed = db.prepare('UPDATE refresh_tokens SET used = 1, used_at = ?, retry_key_digest = ?, successor_id = ? WHERE token_id = ? AND used = 0');
  const usedAt = db.prepare('SELECT used_at FROM refresh_tokens WHERE token_id = ?');
  const revokeFamily = db.prepare('INSERT OR IGNORE INTO revoked_families (family_id) VALUES (?)');
  const familyRevoked = db.prepare('SELECT 1 FROM revoked_families WHERE family_id = ?');
  const revokeUser = db.prepare(
    'INSERT INTO user_revocations (user_id, not_before) VALUES (?, ?) ON CONFLICT(user_id) DO UPDATE SET not_before = MAX(not_before, excluded.not_before)',
  );
  const notBefore = db.prepare('SELECT not_before FROM user_revocations WHERE user_id = ?');
  // Changes when another connection commits to the file.
  const dataVersion = db.prepare('PRAGMA data_version').pluck();

  /*
   * Every authenticated request asks for its user's cut-off and whether its session was revoked,
   * and reading them was a tenth of a read's work: they are kept here, and dropped when another
   * process has written to the file since. Another process's write is looked for on a request,
   * and, while anyone listens for revocations, on a timer as well.
   */
  const cutOffs = new Map<string, number | null>();
  const revokedFamilies = new Map<string, boolean>();
  const listeners = new Set<(revocation: Revocation) => void>();
  const announce = (revocation: Revocation) => {
    for (const listener of listeners) listener(revocation);
  };
  let seenVersion = dataVersion.get();
  let lookedAt = now();
  const dropIfWrittenElsewhere = (): void => {
    const at = now();
    if (at - lookedAt < OTHER_PROCESSES_SEEN_WITHIN_MS) return;
    lookedAt = at;
    const version = dataVersion.get();
    if (version !== seenVersion) {
      cutOffs.clear();
      revokedFamilies.clear();
      // Any write counts (a refresh too): the listeners check what they hold against the store.
      announce({ of: 'unknown' });
    }
    seenVersion = version;
  };
  let watching: NodeJS.Timeout | null = null;
  const kept = <Value>(cache: Map<string, Value>, key: string, value: Value): Value => {
    cache.set(key, value);
    if (cache.size > CUT_OFFS_KEPT) cache.delete(cache.keys().next().value!);
    return value;
  };

  type Row = {
    token_id: string;
    family_id: string;
    user_id: string;
    secret_digest: string;
    expires_at: number;
    used: number;
    used_at: number | null;
    retry_key_digest: string | null;
    successor_id: string | null;
  };
  const toRecord = (row: Row): RefreshTokenRecord => ({
    tokenId: row.token_id,
    familyId: row.family_id,
    userId: row.user_id,
    secretDigest: row.secret_digest,
    expiresAt: row.expires_at,
  });

  return {
    async saveRefreshToken(record) {
      sqliteWrite('Session store', () => insert.run(record.tokenId, record.familyId, record.userId, record.secretDigest, record.expiresAt));
    },
    async findRefreshToken(tokenId) {
      const row = select.get(tokenId) as Row | undefined;
      if (!row) return null;
      const retry: RetryMark | null = row.retry_key_digest && row.successor_id ? { keyDigest: row.retry_key_digest, successorId: row.successor_id } : null;
      return { record: toRecord(row), used: row.used === 1, usedAt: row.used_at, retry };
    },
    async consumeRefreshToken(tokenId, now, retry): Promise<ConsumeResult> {
      const row = select.get(tokenId) as Row | undefined;
      if (!row) return { status: 'unknown' };
      const marked = sqliteWrite('Session store', () => markUsed.run(now, retry?.keyDigest ?? null, retry?.successorId ?? null, tokenId));
      if (marked.changes === 1) return { status: 'ok', record: toRecord(row) };
      // Read after the failed UPDATE: the instant the winner wrote, whoever it was.
      const used = usedAt.get(tokenId) as { used_at: number | null };
      return { status: 'reused', record: toRecord(row), usedAt: used.used_at };
    },
    async revokeFamily(familyId) {
      sqliteWrite('Session store', () => revokeFamily.run(familyId));
      kept(revokedFamilies, familyId, true);
      announce({ of: 'session', sessionId: familyId });
    },
    async isFamilyRevoked(familyId) {
      dropIfWrittenElsewhere();
      return revokedFamilies.get(familyId) ?? kept(revokedFamilies, familyId, familyRevoked.get(familyId) !== undefined);
    },
    async revokeAllForUser(userId, at) {
      sqliteWrite('Session store', () => revokeUser.run(userId, at));
      cutOffs.delete(userId);
      announce({ of: 'user', userId });
    },
    async tokensNotBefore(userId) {
      dropIfWrittenElsewhere();
      const known = cutOffs.get(userId);
      if (known !== undefined) return known;
      const row = notBefore.get(userId) as { not_before: number } | undefined;
      return kept(cutOffs, userId, row ? row.not_before : null);
    },
    onRevoked(listener) {
      listeners.add(listener);
      watching ??= setInterval(dropIfWrittenElsewhere, OTHER_PROCESSES_SEEN_WITHIN_MS).unref();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && watching) {
          clearInterval(watching);
          watching = null;
        }
      };
    },
    async close() {
      if (watching) clearInterval(watching);
      listeners.clear();
      db.close();
    },
  };
}
