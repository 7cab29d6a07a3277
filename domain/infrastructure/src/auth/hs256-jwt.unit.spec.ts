import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { InvalidTokenError, signToken, verifyToken } from './hs256-jwt';

const key = new TextEncoder().encode('k'.repeat(32));
const parents = { key, audience: 'nightlight-api' };
const researchers = { key, audience: 'nightlight-research' };
const issuedAt = Date.UTC(2026, 10, 22, 12) / 1000;
const at = (seconds: number) => new Date((issuedAt + seconds) * 1000);

describe('HS256 tokens', () => {
  it('carry their subject, issue time and expiry, and expire after their lifetime', async () => {
    const token = await signToken(parents, 'user-1', issuedAt, 900);
    expect(await verifyToken(parents, token, at(899))).toMatchObject({ sub: 'user-1', iat: issuedAt, exp: issuedAt + 900, iss: 'nightlight', aud: 'nightlight-api' });
    await expect(verifyToken(parents, token, at(900))).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('are one kind only: the same key with another audience does not accept them', async () => {
    const token = await signToken(parents, 'user-1', issuedAt, 900);
    await expect(verifyToken(researchers, token, at(1))).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('are refused without a subject, or signed with another algorithm', async () => {
    const base = () => new SignJWT({}).setIssuer('nightlight').setAudience('nightlight-api').setIssuedAt(issuedAt).setExpirationTime(issuedAt + 900);
    const withoutSubject = await base().setProtectedHeader({ alg: 'HS256' }).sign(key);
    const otherAlgorithm = await base().setSubject('user-1').setProtectedHeader({ alg: 'HS512' }).sign(new TextEncoder().encode('k'.repeat(64)));
    await expect(verifyToken(parents, withoutSubject, at(1))).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(verifyToken(parents, otherAlgorithm, at(1))).rejects.toBeInstanceOf(InvalidTokenError);
  });
});
