import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { getAuthState } from '../../stores/auth-store.ts';
import { outbox } from './app-outbox.ts';
import { persistQueries } from './persisted-queries.ts';

/**
 * Everything that keeps a signed-in account working with no signal, from sign-in (or a page load
 * signed in) until the session ends: its saved answers restored and saved as they change, and its
 * outbox sent now and each time the connection returns. Returns the function that stops both;
 * what they stored stays (signOut forgets it on logout).
 */
export function startOfflineSession(queryClient: QueryClient, userId: string): () => void {
  const signedInAs = () => {
    const { isAuthenticated, user } = getAuthState();
    return isAuthenticated && user?.id === userId;
  };
  const persistence = persistQueries(queryClient, userId, signedInAs);
  // After the saved answers are back, so a write shown as waiting has its screen around it.
  void persistence.restored.then(() => (signedInAs() ? outbox.start(userId) : undefined));
  const stopFollowing = onlineManager.subscribe((online) => {
    if (online && signedInAs()) void outbox.flush();
  });
  return () => {
    stopFollowing();
    persistence.stop();
    outbox.stop();
  };
}
