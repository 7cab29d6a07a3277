import { hkdfSync } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import { researchSecret, type ResearchSecretConfig } from '../crypto/research-digest';
import { InvalidTokenError } from './token-service';

const ISSUER = 'nightlight';
const AUDIENCE = 'nightlight-research';
export const MAX_RESEARCH_TOKEN_DAYS = 90;
const DAY_SECONDS = 86_400;

/**
 * The key researcher tokens are signed with, derived from the research secret and from nothing a
 * parent's token uses: a leaked JWT_SECRET mints no research access, and rotating the research
 * secret revokes every researcher token at once (see docs/research.md).
 */
export function researchTokenKey(config: ResearchSecretConfig): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', researchSecret(config), Buffer.alloc(0), 'nightlight research tokens', 32));
}

/** Signs and checks researcher credentials: HS256 JWTs living at most MAX_RESEARCH_TOKEN_DAYS. */
export class ResearchTokenService {
  constructor(
    private readonly key: Uint8Array,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async issue(researcherId: string, days: number): Promise<string> {
    if (!Number.isInteger(days) || days < 1 || days > MAX_RESEARCH_TOKEN_DAYS) {
      throw new RangeError(`A researcher token lives from 1 to ${MAX_RESEARCH_TOKEN_DAYS} days`);
    }
    const issuedAt = Math.floor(this.now().getTime() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(researcherId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + days * DAY_SECONDS)
      .sign(this.key);
  }

  /** The researcher of a valid token; InvalidTokenError for an expired, tampered or foreign one, or one made to live too long. */
  async verify(token: string): Promise<{ researcherId: string }> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'], currentDate: this.now() });
      const lifetime = (payload.exp ?? Number.POSITIVE_INFINITY) - (payload.iat ?? Number.NEGATIVE_INFINITY);
      if (!payload.sub || !(lifetime <= MAX_RESEARCH_TOKEN_DAYS * DAY_SECONDS)) throw new InvalidTokenError();
      return { researcherId: payload.sub };
    } catch (error) {
      if (error instanceof InvalidTokenError || error instanceof errors.JOSEError) throw new InvalidTokenError();
      throw error;
    }
  }
}

export function researchTokenService(config: ResearchSecretConfig, now?: () => Date): ResearchTokenService {
  return new ResearchTokenService(researchTokenKey(config), now);
}
