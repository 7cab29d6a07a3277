// The screens' answers saved in IndexedDB, so the dashboard, the activity log and insights open with
// no signal, showing what was last read. One record per account: another account never sees them.
import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { offlineDb, QUERY_CACHE_STORE } from './offline-db.ts';
import { isPersisted, PERSISTED_ROOTS } from './persisted-roots.ts';

/** Saved answers older than this are not shown: a week-old dashboard helps nobody at 3 a.m. */
export const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** A change to the shape of what is saved makes older records unreadable: they are dropped. */
const FORMAT = 1;
/** Saving waits this long after a change, so a screen's burst of answers is written once. */
const SAVE_DELAY_MS = 1_000;

type SavedCache = { format: number; savedAt: number; state: DehydratedState };

/** Puts the account's saved answers back in the cache (where the cache has nothing newer). */
export async function restoreQueries(queryClient: QueryClient, userId: string, now = Date.now()): Promise<boolean> {
  const saved = await offlineDb.get<SavedCache>(QUERY_CACHE_STORE, userId);
  if (!saved) return false;
  if (saved.format !== FORMAT || now - saved.savedAt > MAX_AGE_MS) {
    await offlineDb.delete(QUERY_CACHE_STORE, userId);
    return false;
  }
  hydrate(queryClient, saved.state);
  return true;
}

export async function saveQueries(queryClient: QueryClient, userId: string, now = Date.now()): Promise<void> {
  const state = dehydrate(queryClient, { shouldDehydrateQuery: isPersisted });
  await offlineDb.put(QUERY_CACHE_STORE, { format: FORMAT, savedAt: now, state } satisfies SavedCache, userId);
}

/**
 * Restores the account's saved answers, then saves the cache a moment after the start and after
 * each change while `stillSignedIn` holds. The saved answers are kept a day in memory (instead of
 * ten minutes), so a screen visited this morning still opens offline tonight. Returns the function
 * that stops saving.
 */
export function persistQueries(queryClient: QueryClient, userId: string, stillSignedIn: () => boolean): { restored: Promise<boolean>; stop: () => void } {
  for (const root of PERSISTED_ROOTS) queryClient.setQueryDefaults([root], { gcTime: 24 * 60 * 60 * 1000 });
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const restored = restoreQueries(queryClient, userId).catch((error: unknown) => {
    console.error('The saved data could not be read', error);
    return false;
  });
  const saveSoon = (): void => {
    if (timer !== null) return;
    timer = setTimeout(() => {
      timer = null;
      // Never under another account's id, nor after the session ended: signOut may be clearing it.
      const stillOn = () => !stopped && stillSignedIn();
      if (!stillOn()) return;
      void restored.then(() => (stillOn() ? saveQueries(queryClient, userId) : undefined)).catch((error: unknown) => console.error('The data could not be saved for offline use', error));
    }, SAVE_DELAY_MS);
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    // Only answers change what is saved; observers coming and going do not.
    if (event.type === 'updated' || event.type === 'removed' || event.type === 'added') saveSoon();
  });
  // The session starts once its code has loaded, after the signed-in screen: its answers may all
  // be in already, and no change may follow for a while.
  saveSoon();
  return {
    restored,
    stop: () => {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      unsubscribe();
    },
  };
}
