import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteSessionStore } from './sqlite-session-store';

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(path.join(tmpdir(), 'nightlight-sqlite-sessions-'));
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

describe('a sessions file from before the instant of use was kept', () => {
  it('opens, says a token it saw used was used at no known instant, and keeps the instant of new uses', async () => {
    const file = path.join(directory, 'sessions.sqlite');
    const old = new Database(file);
    old.exec(`
      CREATE TABLE refresh_tokens (
        token_id TEXT PRIMARY KEY, family_id TEXT NOT NULL, user_id TEXT NOT NULL,
        secret_digest TEXT NOT NULL, expires_at INTEGER NOT NULL, used INTEGER NOT NULL DEFAULT 0);
      INSERT INTO refresh_tokens VALUES ('spent', 'family', 'user', 'digest', 4102444800000, 1);
      INSERT INTO refresh_tokens VALUES ('fresh', 'family', 'user', 'digest', 4102444800000, 0);
    `);
    old.close();

    const store = createSqliteSessionStore({ file });
    const record = (tokenId: string) => ({ tokenId, familyId: 'family', userId: 'user', secretDigest: 'digest', expiresAt: 4102444800000 });
    expect(await store.consumeRefreshToken('spent', 1_000)).toEqual({ status: 'reused', record: record('spent'), usedAt: null });
    expect(await store.consumeRefreshToken('fresh', 2_000)).toEqual({ status: 'ok', record: record('fresh') });
    expect(await store.consumeRefreshToken('fresh', 3_000)).toEqual({ status: 'reused', record: record('fresh'), usedAt: 2_000 });
    await store.close();
  });
});

describe('revocation cut-offs, kept in memory', () => {
  it("are this store's own at once, and another process's within a tenth of a second", async () => {
    const file = path.join(directory, 'sessions.sqlite');
    let clock = 1_000_000;
    const here = createSqliteSessionStore({ file, now: () => clock });
    const elsewhere = createSqliteSessionStore({ file });
    expect(await here.tokensNotBefore('ada')).toBeNull();

    await here.revokeAllForUser('ada', 5_000);
    expect(await here.tokensNotBefore('ada')).toBe(5_000);

    expect(await here.tokensNotBefore('bo')).toBeNull();
    await elsewhere.revokeAllForUser('bo', 7_000);
    clock += 100;
    expect(await here.tokensNotBefore('bo')).toBe(7_000);
    // A later revocation only moves the cut-off forward, wherever it is written.
    await elsewhere.revokeAllForUser('ada', 9_000);
    clock += 100;
    expect(await here.tokensNotBefore('ada')).toBe(9_000);
    await here.close();
    await elsewhere.close();
  });
});
