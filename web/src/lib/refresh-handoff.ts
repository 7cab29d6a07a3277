import { getAuthState, reloadAuthFromStorage } from '../stores/auth-store.ts';

/*
 * Tabs hand a refreshed session to each other through localStorage, and a browser may copy a write
 * there to another tab's process a moment later rather than at once. So a tab that takes the
 * refresh lock just after another tab refreshed can still read the token that tab spent. The lock
 * manager, unlike localStorage, is one for the whole browser: the tab that refreshes also holds a
 * lock named after the token it spent, and a tab that finds that lock waits for the new pair to
 * reach its storage instead of spending the token a second time.
 */

// As long as the server forgives a spent refresh token coming back (REFRESH_REUSE_GRACE_MS).
const MARK_HELD_MS = 30_000;
// A write to localStorage reaches the other tabs within milliseconds; this only bounds a wait for one that never comes.
const ARRIVAL_WAIT_MS = 5_000;
const ARRIVAL_POLL_MS = 20;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The name of the lock that marks `token` as spent: a digest of the token, never the token itself.
 * A refresh looks for the mark and then holds it, so it asks for the name once.
 */
export async function spentMarkOf(token: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
  const hex = Array.from(digest.subarray(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `nightlight-spent-refresh-token-${hex}`;
}

/** Tells every tab that the token behind `mark` was just exchanged: resolves once the mark is held. */
export async function holdSpentMark(locks: LockManager, mark: string): Promise<void> {
  await new Promise<void>((held) => {
    void locks.request(mark, () => {
      held();
      return sleep(MARK_HELD_MS);
    });
  });
}

/** Whether another tab exchanged the token behind `mark` in the last half minute. */
export async function spentByAnotherTab(locks: LockManager, mark: string): Promise<boolean> {
  const { held = [] } = await locks.query();
  return held.some((lock) => lock.name === mark);
}

/**
 * The stored pair once the one that replaced `spent` has arrived in this tab's storage, or, after
 * waiting a few seconds in vain, the stored pair as it is.
 */
export async function storedPairReplacing(spent: string): Promise<{ accessToken: string | null; refreshToken: string | null }> {
  for (let waited = 0; ; waited += ARRIVAL_POLL_MS) {
    await reloadAuthFromStorage();
    const { accessToken, refreshToken } = getAuthState();
    if (refreshToken !== spent || waited >= ARRIVAL_WAIT_MS) return { accessToken, refreshToken };
    await sleep(ARRIVAL_POLL_MS);
  }
}
