/**
 * The session port: rotating refresh tokens grouped in families, and per-user revocation.
 * SQLite in the embedded default, Redis in the full stack.
 */
export interface RefreshTokenRecord {
  tokenId: string;
  familyId: string;
  userId: string;
  /** Digest of the token's secret part; the secret itself is never stored. */
  secretDigest: string;
  expiresAt: number;
}

export type ConsumeResult =
  | { status: 'ok'; record: RefreshTokenRecord }
  /**
   * The token was already rotated, at `usedAt` (ms; null for a token used before the instant was
   * kept). Another tab refreshing at the same moment, or a copy: the caller tells them apart.
   */
  | { status: 'reused'; record: RefreshTokenRecord; usedAt: number | null }
  | { status: 'unknown' };

/**
 * Kept with a used token when its refresh came with a retry key: the key's digest and the token the
 * refresh issued, so a client whose answer was lost can be answered again (see rotateSession).
 */
export interface RetryMark {
  keyDigest: string;
  successorId: string;
}

/** A refresh token as stored, without using it: whether it was used, when (ms; null when unknown), and its retry mark. */
export interface RefreshTokenState {
  record: RefreshTokenRecord;
  used: boolean;
  usedAt: number | null;
  retry: RetryMark | null;
}

/**
 * A revocation, as the store tells those who listen: every session of a user issued before a new
 * cut-off, one session (a refresh-token family), or something written by another process that
 * this store cannot name (the embedded file, written by a command-api apart).
 */
export type Revocation = { of: 'user'; userId: string } | { of: 'session'; sessionId: string } | { of: 'unknown' };

export interface SessionStore {
  saveRefreshToken(record: RefreshTokenRecord): Promise<void>;
  /** The token as stored, or null for an unknown one: a refresh checks it before writing anything. */
  findRefreshToken(tokenId: string): Promise<RefreshTokenState | null>;
  /**
   * Marks the token used at `now` (ms), with `retry` when given, atomically: of two concurrent
   * consumers exactly one gets 'ok' (its mark is the one kept), and every later one learns when it was used.
   */
  consumeRefreshToken(tokenId: string, now: number, retry?: RetryMark): Promise<ConsumeResult>;
  revokeFamily(familyId: string): Promise<void>;
  isFamilyRevoked(familyId: string): Promise<boolean>;
  /** Access and refresh tokens issued before `at` (ms) stop working: logged out of all devices. */
  revokeAllForUser(userId: string, at: number): Promise<void>;
  tokensNotBefore(userId: string): Promise<number | null>;
  /**
   * Calls `listener` after each revocation, made by this process or any other on the same store,
   * so what an access token keeps open (a live stream) can end at once. Returns the function that
   * stops listening. A missed call (a dropped connection) is made up for by checking again later.
   */
  onRevoked(listener: (revocation: Revocation) => void): () => void;
  close(): Promise<void>;
}
