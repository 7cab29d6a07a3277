import { SignJWT, errors, jwtVerify, type JWTPayload } from 'jose';

/** Every token this service signs names it as issuer; the audience tells the kinds of token apart. */
const ISSUER = 'nightlight';

export class InvalidTokenError extends Error {
  constructor(message = 'Invalid or expired token') {
    super(message);
    this.name = 'InvalidTokenError';
  }
}

/**
 * How far ahead of this server's clock an access token may say it was issued: clocks of the
 * processes of one deployment differ by far less. A token from further ahead was not made by a
 * server of ours at that time, and would outlive a "sign out everywhere" recorded before its `iat`.
 * (Research tokens are not revoked by time, so their `iat` says nothing of the kind.)
 */
export const ISSUED_AHEAD_TOLERANCE_SECONDS = 60;

/** A token that claims to be issued more than the tolerance after `now`. */
export function issuedInTheFuture(issuedAt: number, now: Date): boolean {
  return issuedAt > now.getTime() / 1000 + ISSUED_AHEAD_TOLERANCE_SECONDS;
}

/** One kind of token: its own key and audience. */
export interface TokenKind {
  key: Uint8Array;
  audience: string;
}

/** An HS256 JWT for `subject`, issued at `issuedAt` (seconds since the epoch), living `lifetimeSeconds`, with `claims` of its own. */
export function signToken(kind: TokenKind, subject: string, issuedAt: number, lifetimeSeconds: number, claims: Record<string, string> = {}): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(subject)
    .setIssuer(ISSUER)
    .setAudience(kind.audience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + lifetimeSeconds)
    .sign(kind.key);
}

/**
 * The payload of a token of this kind, signed with its key, unexpired at `now`, with a subject.
 * Anything else (tampered, expired, foreign, another algorithm) is an InvalidTokenError.
 */
export async function verifyToken(kind: TokenKind, token: string, now: Date): Promise<JWTPayload & { sub: string }> {
  try {
    const { payload } = await jwtVerify(token, kind.key, { issuer: ISSUER, audience: kind.audience, algorithms: ['HS256'], currentDate: now });
    if (!payload.sub) throw new InvalidTokenError();
    return payload as JWTPayload & { sub: string };
  } catch (error) {
    if (error instanceof InvalidTokenError || error instanceof errors.JOSEError) throw new InvalidTokenError();
    throw error;
  }
}
