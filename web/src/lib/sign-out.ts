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

/**
 * Ends the session on this tab: the stored auth, every cached answer and the read-your-writes
 * position. Logout, a failed token refresh, the 10-minute check finding the session expired,
 * declining the consent and deleting the account all go through here. Where to go next is the
 * caller's choice (the route guard sends a signed-out visitor to the login page anyway).
 */
export function signOut(): void {
  useAuthStore.getState().clearAuth();
  forgetSessionData();
}

// A session can also end without signOut: found expired when loaded from storage or checked by the
// route guard, or signed out (or switched to another account) in another tab. Whatever ended it,
// its data goes with it.
useAuthStore.subscribe((state, previous) => {
  const ended = previous.isAuthenticated && !state.isAuthenticated;
  const switched = previous.user !== null && state.user !== null && previous.user.id !== state.user.id;
  if (ended || switched) forgetSessionData();
});
