import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TokenService } from '@nightlight/infrastructure/auth/token-service';
import type { SessionStore } from '@nightlight/infrastructure/ports/session-store';
import { createSqliteSessionStore } from '@nightlight/infrastructure/sessions/sqlite-session-store';
import { issueSession, REFRESH_REUSE_GRACE_MS, REFRESH_TOKEN_TTL_MS, rotateSession, SESSION_EXPIRED_MESSAGE } from './session-tokens';

let directory: string;
let sessions: SessionStore;
let now: number;
const deps = () => ({ sessions, tokens: new TokenService(randomBytes(32), () => new Date(now)), clock: () => new Date(now) });
const refused = { statusCode: 401, message: SESSION_EXPIRED_MESSAGE };

beforeEach(() => {
  directory = mkdtempSync(path.join(tmpdir(), 'nightlight-session-tokens-'));
  sessions = createSqliteSessionStore({ file: path.join(directory, 'sessions.sqlite') });
  now = Date.parse('2026-11-22T03:00:00.000Z');
});
afterEach(async () => {
  await sessions.close();
  rmSync(directory, { recursive: true, force: true });
});

/** A session whose first refresh token was rotated at the current instant: the spent token and the new one. */
async function rotatedOnce(): Promise<{ spent: string; newest: string }> {
  const { refreshToken: spent } = await issueSession(deps(), 'user-1');
  const { refreshToken: newest } = await rotateSession(deps(), spent);
  return { spent, newest };
}

describe('a rotated refresh token presented again', () => {
  it('is refused without ending the session just under 30 seconds later: another tab sent it at the same time', async () => {
    const { spent, newest } = await rotatedOnce();
    now += REFRESH_REUSE_GRACE_MS - 1;
    await expect(rotateSession(deps(), spent)).rejects.toMatchObject(refused);
    await expect(rotateSession(deps(), spent)).rejects.toMatchObject(refused);
    const next = await rotateSession(deps(), newest);
    expect(next.refreshToken).not.toBe(newest);
  });

  it('ends the whole session 30 seconds later: it was copied, and the newest token stops working too', async () => {
    const { spent, newest } = await rotatedOnce();
    now += REFRESH_REUSE_GRACE_MS;
    await expect(rotateSession(deps(), spent)).rejects.toMatchObject(refused);
    await expect(rotateSession(deps(), newest)).rejects.toMatchObject(refused);
  });

});

describe('a refresh whose answer was lost, sent again with its retry key', () => {
  const key = 'retry-key-of-this-refresh-0001';

  it('gets the same refresh token again, any number of times and minutes later, and the chain goes on from it', async () => {
    const { refreshToken: spent } = await issueSession(deps(), 'user-1');
    const lost = await rotateSession(deps(), spent, key);
    now += 10 * 60_000;
    const lostAgain = await rotateSession(deps(), spent, key);
    now += 10 * 60_000;
    const received = await rotateSession(deps(), spent, key);
    expect(lostAgain.refreshToken).toBe(lost.refreshToken);
    expect(received.refreshToken).toBe(lost.refreshToken);
    expect(received.accessToken).not.toBe(lost.accessToken);
    const next = await rotateSession(deps(), received.refreshToken);
    expect(next.refreshToken).not.toBe(received.refreshToken);
  });

  it('is a copy once the refresh token it was answered with has been used: the whole chain ends', async () => {
    const { refreshToken: spent } = await issueSession(deps(), 'user-1');
    const received = await rotateSession(deps(), spent, key);
    const next = await rotateSession(deps(), received.refreshToken, 'the-next-refresh-key-0001');
    now += REFRESH_REUSE_GRACE_MS;
    await expect(rotateSession(deps(), spent, key)).rejects.toMatchObject(refused);
    await expect(rotateSession(deps(), next.refreshToken)).rejects.toMatchObject(refused);
  });

  it('answers a retry that overtakes the first try with the same refresh token', async () => {
    const { refreshToken: spent } = await issueSession(deps(), 'user-1');
    const [first, second] = await Promise.all([rotateSession(deps(), spent, key), rotateSession(deps(), spent, key)]);
    expect(second.refreshToken).toBe(first.refreshToken);
    await expect(rotateSession(deps(), first.refreshToken)).resolves.toMatchObject({ refreshToken: expect.any(String) });
  });

  it('is refused with another key, after a "log out everywhere", and once the token has expired', async () => {
    const { refreshToken: spent } = await issueSession(deps(), 'user-1');
    await rotateSession(deps(), spent, key);
    await expect(rotateSession(deps(), spent, 'some-other-retry-key-0001')).rejects.toMatchObject(refused);
    await sessions.revokeAllForUser('user-1', now + 1);
    now += 1;
    await expect(rotateSession(deps(), spent, key)).rejects.toMatchObject(refused);

    const { refreshToken: other } = await issueSession(deps(), 'user-2');
    await rotateSession(deps(), other, key);
    now += REFRESH_TOKEN_TTL_MS;
    await expect(rotateSession(deps(), other, key)).rejects.toMatchObject(refused);
  });
});
