import { useEffect } from 'react';
import { SESSION_CHECK_INTERVAL_MS } from '../../../config/constants.ts';
import { refreshSession } from '../../../lib/api-client.ts';
import { signOut } from '../../../lib/sign-out.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';

/**
 * While signed in, every 10 minutes: end an expired session, else refresh the tokens so the
 * access token never lapses mid-use. A refresh the server refuses ends the session too; one that
 * could not reach the server is tried again next time. The route guard then sends a signed-out
 * user to the login page.
 */
export function useSessionKeeper(): void {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);

  useEffect(() => {
    if (!isAuthenticated) return;
    const timer = window.setInterval(() => {
      if (!useAuthStore.getState().isSessionValid()) {
        signOut();
        return;
      }
      refreshSession().then(
        (accessToken) => {
          if (!accessToken) signOut();
        },
        (error: unknown) => console.warn('Could not refresh the session; trying again later', error),
      );
    }, SESSION_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [isAuthenticated]);
}
