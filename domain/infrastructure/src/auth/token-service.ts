import { InvalidTokenError, issuedInTheFuture, signToken, verifyToken, type TokenKind } from './hs256-jwt';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

/** Verified access tokens kept in memory; one per signed-in device, bounded so a flood cannot grow it. */
const MAX_CACHED_TOKENS = 10_000;

interface VerifiedAccess {
  userId: string;
  issuedAt: number;
  /** Seconds since the epoch, the token's own `exp`. */
  expiresAt: number;
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

  issueAccessToken(userId: string): Promise<string> {
    return signToken(this.kind, userId, Math.floor(this.now().getTime() / 1000), ACCESS_TOKEN_TTL_SECONDS);
  }

  /** The user id of a valid access token; InvalidTokenError for an expired, tampered or foreign one. */
  async verifyAccessToken(token: string): Promise<{ userId: string; issuedAt: number }> {
    const cached = this.verifiedAccess.get(token);
    if (cached) {
      const now = this.now();
      // A clock moved back since (a test's, or a corrected server's) makes a cached token from the future as suspect as a new one.
      if (now.getTime() < cached.expiresAt * 1000 && !issuedInTheFuture(cached.issuedAt, now)) return { userId: cached.userId, issuedAt: cached.issuedAt };
      this.verifiedAccess.delete(token);
    }
    const payload = await this.verify(token);
    if (this.verifiedAccess.size >= MAX_CACHED_TOKENS) this.verifiedAccess.delete(this.verifiedAccess.keys().next().value!);
    this.verifiedAccess.set(token, { userId: payload.sub, issuedAt: payload.iat, expiresAt: payload.exp });
    return { userId: payload.sub, issuedAt: payload.iat };
  }

  private async verify(token: string): Promise<{ sub: string; iat: number; exp: number }> {
    const now = this.now();
    const payload = await verifyToken(this.kind, token, now);
    if (payload.iat === undefined || payload.exp === undefined || issuedInTheFuture(payload.iat, now)) throw new InvalidTokenError();
    return { sub: payload.sub, iat: payload.iat, exp: payload.exp };
  }
}
