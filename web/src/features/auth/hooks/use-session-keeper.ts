import { useEffect } from 'react';
import { SESSION_CHECK_INTERVAL_MS } from '../../../config/constants.ts';
import { refreshSession } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';

/**
 * While signed in, every 10 minutes: drop an expired session, else refresh the tokens so the
 * access token never lapses mid-use. A failed refresh signs the user out; the route guard then
 * sends them to the login page.
 */
export function useSessionKeeper(): void {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);

  useEffect(() => {
    if (!isAuthenticated) return;
    const timer = window.setInterval(() => {
      const { checkSession, clearAuth } = useAuthStore.getState();
      if (!checkSession()) return;
      void refreshSession().then((accessToken) => {
        if (!accessToken) clearAuth();
      });
    }, SESSION_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [isAuthenticated]);
}
