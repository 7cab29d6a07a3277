import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TokenService } from '@nightlight/infrastructure/auth/token-service';
import type { SessionStore } from '@nightlight/infrastructure/ports/session-store';
import { createSqliteSessionStore } from '@nightlight/infrastructure/sessions/sqlite-session-store';
import { issueSession, REFRESH_REUSE_GRACE_MS, rotateSession, SESSION_EXPIRED_MESSAGE } from './session-tokens';

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
