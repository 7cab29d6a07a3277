import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_RESEARCH_TOKEN_DAYS, researchTokenKey, researchTokenService } from './research-token-service';
import { InvalidTokenError } from './hs256-jwt';
import { TokenService } from './token-service';

let dataDir: string;
let now = new Date('2026-11-22T12:00:00Z');
const clock = () => now;
const config = (secret = randomBytes(32)) => ({ RESEARCH_SECRET: secret.toString('base64'), dataDir });

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'nightlight-research-tokens-'));
  now = new Date('2026-11-22T12:00:00Z');
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('researcher tokens', () => {
  it('are valid for the days they were minted for, then expire', async () => {
    const service = researchTokenService(config(), clock);
    const token = await service.issue('researcher', 30);
    expect(await service.verify(token)).toEqual({ researcherId: 'researcher' });
    now = new Date(now.getTime() + 30 * 86_400_000);
    await expect(service.verify(token)).rejects.toThrow(InvalidTokenError);
  });

  it(`live at most ${MAX_RESEARCH_TOKEN_DAYS} days: no longer one is minted, nor accepted when made elsewhere with the key`, async () => {
    const settings = config();
    const service = researchTokenService(settings, clock);
    await expect(service.issue('researcher', 91)).rejects.toThrow('A researcher token lives from 1 to 90 days');
    await expect(service.issue('researcher', 0)).rejects.toThrow('A researcher token lives from 1 to 90 days');
    expect(await service.verify(await service.issue('researcher', 90))).toEqual({ researcherId: 'researcher' });

    const issuedAt = Math.floor(now.getTime() / 1000);
    const longLived = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('researcher')
      .setIssuer('nightlight')
      .setAudience('nightlight-research')
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 365 * 86_400)
      .sign(researchTokenKey(settings));
    await expect(service.verify(longLived)).rejects.toThrow(InvalidTokenError);
  });

  it('are signed with their own key: a token from JWT_SECRET is none, even with the research audience', async () => {
    const jwtSecret = randomBytes(32);
    const service = researchTokenService(config(), clock);
    await expect(service.verify(await new TokenService(jwtSecret, clock).issueAccessToken('parent-1'))).rejects.toThrow(InvalidTokenError);
    const issuedAt = Math.floor(now.getTime() / 1000);
    const withParentKey = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('researcher')
      .setIssuer('nightlight')
      .setAudience('nightlight-research')
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 86_400)
      .sign(jwtSecret);
    await expect(service.verify(withParentKey)).rejects.toThrow(InvalidTokenError);
  });

  it('are all revoked by rotating the research secret', async () => {
    const before = researchTokenService(config(), clock);
    const token = await before.issue('researcher', 7);
    const rotated = researchTokenService(config(), clock);
    await expect(rotated.verify(token)).rejects.toThrow(InvalidTokenError);
  });
});
