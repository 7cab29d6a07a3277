import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { InvalidTokenError } from './hs256-jwt';
import { ACCESS_TOKEN_TTL_SECONDS, TokenService } from './token-service';

function serviceAt(start: string) {
  let now = new Date(start);
  const tokens = new TokenService(randomBytes(32), () => now);
  return { tokens, advance: (seconds: number) => (now = new Date(now.getTime() + seconds * 1000)) };
}

describe('access tokens', () => {
  it('are accepted until they expire, and refused after, however often they were checked before', async () => {
    const { tokens, advance } = serviceAt('2026-11-22T03:00:00.000Z');
    const token = await tokens.issueAccessToken('user-1');

    const issuedAt = Date.parse('2026-11-22T03:00:00.000Z') / 1000;
    expect(await tokens.verifyAccessToken(token)).toEqual({ userId: 'user-1', issuedAt, expiresAt: issuedAt + ACCESS_TOKEN_TTL_SECONDS, sessionId: null });
    advance(ACCESS_TOKEN_TTL_SECONDS - 1);
    expect((await tokens.verifyAccessToken(token)).userId).toBe('user-1');
    advance(1);
    await expect(tokens.verifyAccessToken(token)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('name the session they were issued in', async () => {
    const { tokens } = serviceAt('2026-11-22T03:00:00.000Z');
    expect((await tokens.verifyAccessToken(await tokens.issueAccessToken('user-1', 'family-7'))).sessionId).toBe('family-7');
  });

  it('refuses a token changed in any byte, even once the genuine one has been accepted', async () => {
    const { tokens } = serviceAt('2026-11-22T03:00:00.000Z');
    const token = await tokens.issueAccessToken('user-1');
    await tokens.verifyAccessToken(token);

    const [header, payload, signature] = token.split('.') as [string, string, string];
    const otherUser = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'user-2' })).toString('base64url');
    const flipped = `${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`;

    await expect(tokens.verifyAccessToken(`${header}.${otherUser}.${signature}`)).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(tokens.verifyAccessToken(`${header}.${payload}.${flipped}`)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('refuses a token signed with another secret', async () => {
    const { tokens } = serviceAt('2026-11-22T03:00:00.000Z');
    const foreign = await new TokenService(randomBytes(32), () => new Date('2026-11-22T03:00:00.000Z')).issueAccessToken('user-1');

    await expect(tokens.verifyAccessToken(foreign)).rejects.toBeInstanceOf(InvalidTokenError);
  });
});

describe('an access token issued in the future', () => {
  it('is refused when its iat is more than a minute ahead, and accepted within that minute', async () => {
    const secret = randomBytes(32);
    const server = new TokenService(secret, () => new Date('2026-11-22T03:00:00.000Z'));
    // Signed with the right key by a clock a day ahead: it would outlive a "sign out everywhere" recorded today.
    const dayAhead = await new TokenService(secret, () => new Date('2026-11-23T03:00:00.000Z')).issueAccessToken('user-1');
    await expect(server.verifyAccessToken(dayAhead)).rejects.toBeInstanceOf(InvalidTokenError);
    const minuteAhead = await new TokenService(secret, () => new Date('2026-11-22T03:01:00.000Z')).issueAccessToken('user-1');
    expect((await server.verifyAccessToken(minuteAhead)).userId).toBe('user-1');
  });

  it('is refused from the cache of verified tokens too, once the clock is behind it again', async () => {
    let now = new Date('2026-11-22T03:00:00.000Z');
    const tokens = new TokenService(randomBytes(32), () => now);
    const token = await tokens.issueAccessToken('user-1');
    await tokens.verifyAccessToken(token);
    now = new Date('2026-11-22T02:55:00.000Z');
    await expect(tokens.verifyAccessToken(token)).rejects.toBeInstanceOf(InvalidTokenError);
  });
});
