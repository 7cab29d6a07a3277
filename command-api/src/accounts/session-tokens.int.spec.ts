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

  it('gets a new pair in place of the lost one, any number of times, and the chain goes on from the last', async () => {
    const { refreshToken: spent } = await issueSession(deps(), 'user-1');
    const lost = await rotateSession(deps(), spent, key);
    now += 10 * 60_000;
    const lostAgain = await rotateSession(deps(), spent, key);
    now += 10 * 60_000;
    const received = await rotateSession(deps(), spent, key);
    expect(new Set([lost.refreshToken, lostAgain.refreshToken, received.refreshToken]).size).toBe(3);
    const next = await rotateSession(deps(), received.refreshToken);
    expect(next.refreshToken).not.toBe(received.refreshToken);
  });

  it('takes the lost pair for a copy when it shows up after being replaced: the whole chain ends', async () => {
    const { refreshToken: spent } = await issueSession(deps(), 'user-1');
    const lost = await rotateSession(deps(), spent, key);
    const received = await rotateSession(deps(), spent, key);
    now += REFRESH_REUSE_GRACE_MS;
    await expect(rotateSession(deps(), lost.refreshToken)).rejects.toMatchObject(refused);
    await expect(rotateSession(deps(), received.refreshToken)).rejects.toMatchObject(refused);
  });

  it('answers both when the retry overtakes the first try, and only the later answer stays good', async () => {
    const { refreshToken: spent } = await issueSession(deps(), 'user-1');
    const answers = await Promise.all([rotateSession(deps(), spent, key), rotateSession(deps(), spent, key)]);
    const outcomes = [];
    for (const answer of answers) outcomes.push(await rotateSession(deps(), answer.refreshToken).then(() => 'good', () => 'spent'));
    expect(outcomes.sort()).toEqual(['good', 'spent']);
  });

  it('is refused after a "log out everywhere", and once the token has expired', async () => {
    const { refreshToken: spent } = await issueSession(deps(), 'user-1');
    await rotateSession(deps(), spent, key);
    await sessions.revokeAllForUser('user-1', now + 1);
    now += 1;
    await expect(rotateSession(deps(), spent, key)).rejects.toMatchObject(refused);

    const { refreshToken: other } = await issueSession(deps(), 'user-2');
    await rotateSession(deps(), other, key);
    now += REFRESH_TOKEN_TTL_MS;
    await expect(rotateSession(deps(), other, key)).rejects.toMatchObject(refused);
  });
});
