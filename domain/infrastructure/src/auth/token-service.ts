import { InvalidTokenError, issuedInTheFuture, signToken, verifyToken, type TokenKind } from './hs256-jwt';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

/** Verified access tokens kept in memory; one per signed-in device, bounded so a flood cannot grow it. */
const MAX_CACHED_TOKENS = 10_000;

/** What a valid access token says: whose it is, when it was issued and ends (seconds since the epoch), and its session. */
export interface VerifiedAccess {
  userId: string;
  issuedAt: number;
  expiresAt: number;
  /**
   * The refresh-token family the token was issued in (`sid`): signing out of that session revokes
   * it. Null for a token issued before tokens named their session.
   */
  sessionId: string | null;
}

/** Signs and verifies the short-lived access tokens (HS256 JWT, `sub` = user id). */
export class TokenService {
  /**
   * Every request carries the same token for up to 15 minutes; checking its signature once is
   * enough. Keyed by the whole token, so a changed byte is a different key and is verified afresh;
   * expiry is still checked on every use.
   */
  private readonly verifiedAccess = new Map<string, VerifiedAccess>();

  private readonly kind: TokenKind;

  constructor(
    secret: Uint8Array,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.kind = { key: secret, audience: 'nightlight-api' };
  }

  /** An access token for the user, in the session (refresh-token family) `sessionId` when given. */
  issueAccessToken(userId: string, sessionId?: string): Promise<string> {
    return signToken(this.kind, userId, Math.floor(this.now().getTime() / 1000), ACCESS_TOKEN_TTL_SECONDS, sessionId === undefined ? {} : { sid: sessionId });
  }

  /** What a valid access token says; InvalidTokenError for an expired, tampered or foreign one. */
  async verifyAccessToken(token: string): Promise<VerifiedAccess> {
    const cached = this.verifiedAccess.get(token);
    if (cached) {
      const now = this.now();
      // A clock moved back since (a test's, or a corrected server's) makes a cached token from the future as suspect as a new one.
      if (now.getTime() < cached.expiresAt * 1000 && !issuedInTheFuture(cached.issuedAt, now)) return cached;
      this.verifiedAccess.delete(token);
    }
    const verified = await this.verify(token);
    if (this.verifiedAccess.size >= MAX_CACHED_TOKENS) this.verifiedAccess.delete(this.verifiedAccess.keys().next().value!);
    this.verifiedAccess.set(token, verified);
    return verified;
  }

  private async verify(token: string): Promise<VerifiedAccess> {
    const now = this.now();
    const payload = await verifyToken(this.kind, token, now);
    if (payload.iat === undefined || payload.exp === undefined || issuedInTheFuture(payload.iat, now)) throw new InvalidTokenError();
    return { userId: payload.sub, issuedAt: payload.iat, expiresAt: payload.exp, sessionId: typeof payload['sid'] === 'string' ? payload['sid'] : null };
  }
}
