import type { QueryClient } from '@tanstack/react-query';
import { useAuthStore } from '../stores/auth-store.ts';
import { resetPositionTracking } from './read-your-writes.ts';

// The query cache belongs to React (AppProvider), yet a session can end outside it: the API
// client after a failed refresh, a timer, another tab. The provider registers its cache here.
const queryCaches = new Set<QueryClient>();

/** Lets signOut empty `client`; returns the function that undoes it. */
export function registerQueryCache(client: QueryClient): () => void {
  queryCaches.add(client);
  return () => {
    queryCaches.delete(client);
  };
}

/** Forgets what the ended session loaded, so the next account on this tab never sees it. */
function forgetSessionData(): void {
  for (const client of queryCaches) client.clear();
  resetPositionTracking();
}

export type SignOutOptions = {
  /**
   * Also forget what this device keeps of the account for offline use: its saved answers and the
   * writes still waiting in the outbox. Logout, declining the consent and deleting the account do;
   * a session that ran out (a refused refresh, the 10-minute check) keeps them for the same
   * account's next sign-in, which sends the waiting writes.
   */
  forgetDevice?: boolean;
};

/**
 * Ends the session on this tab: the stored auth, every cached answer and the read-your-writes
 * position. Logout, a failed token refresh, the 10-minute check finding the session expired,
 * declining the consent and deleting the account all go through here. Where to go next is the
 * caller's choice (the route guard sends a signed-out visitor to the login page anyway).
 * Resolves once what the device kept is gone (at once when it is kept).
 */
export function signOut({ forgetDevice = false }: SignOutOptions = {}): Promise<void> {
  const userId = useAuthStore.getState().user?.id ?? null;
  useAuthStore.getState().clearAuth();
  forgetSessionData();
  if (!forgetDevice || userId === null) return Promise.resolve();
  // Loaded only now: the sign-in page does without IndexedDB code.
  return import('./offline/offline-db.ts')
    .then(({ clearOfflineData }) => clearOfflineData(userId))
    .catch((error: unknown) => console.error('The data kept for offline use could not be removed', error));
}

// A session can also end without signOut: found expired when loaded from storage or checked by the
// route guard, or signed out (or switched to another account) in another tab. Whatever ended it,
// its data goes with it.
useAuthStore.subscribe((state, previous) => {
  const ended = previous.isAuthenticated && !state.isAuthenticated;
  const switched = previous.user !== null && state.user !== null && previous.user.id !== state.user.id;
  if (ended || switched) forgetSessionData();
});
