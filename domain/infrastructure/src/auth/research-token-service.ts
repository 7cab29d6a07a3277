import { hkdfSync } from 'node:crypto';
import { researchSecret, type ResearchSecretConfig } from '../crypto/research-digest';
import { InvalidTokenError, signToken, verifyToken, type TokenKind } from './hs256-jwt';

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
  private readonly kind: TokenKind;

  constructor(
    key: Uint8Array,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.kind = { key, audience: 'nightlight-research' };
  }

  async issue(researcherId: string, days: number): Promise<string> {
    if (!Number.isInteger(days) || days < 1 || days > MAX_RESEARCH_TOKEN_DAYS) {
      throw new RangeError(`A researcher token lives from 1 to ${MAX_RESEARCH_TOKEN_DAYS} days`);
    }
    return signToken(this.kind, researcherId, Math.floor(this.now().getTime() / 1000), days * DAY_SECONDS);
  }

  /** The researcher of a valid token; InvalidTokenError for an expired, tampered or foreign one, or one made to live too long. */
  async verify(token: string): Promise<{ researcherId: string }> {
    const payload = await verifyToken(this.kind, token, this.now());
    const lifetime = (payload.exp ?? Number.POSITIVE_INFINITY) - (payload.iat ?? Number.NEGATIVE_INFINITY);
    if (!(lifetime <= MAX_RESEARCH_TOKEN_DAYS * DAY_SECONDS)) throw new InvalidTokenError();
    return { researcherId: payload.sub };
  }
}

export function researchTokenService(config: ResearchSecretConfig, now?: () => Date): ResearchTokenService {
  return new ResearchTokenService(researchTokenKey(config), now);
}
