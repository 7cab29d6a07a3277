import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { LOGIN_PATH } from '../config/constants.ts';
import { useSessionKeeper } from '../features/auth/hooks/use-session-keeper.ts';
import { useAuthStore } from '../stores/auth-store.ts';

/** Lets only a valid session through; anything else lands on the login page. */
export function ProtectedRoute() {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const sessionExpiry = useAuthStore((state) => state.sessionExpiry);
  const checkSession = useAuthStore((state) => state.checkSession);

  // Re-checked on mount so a session that expired while the page sat open is cleared.
  useEffect(() => {
    checkSession();
  }, [checkSession]);

  useSessionKeeper();

  const valid = isAuthenticated && sessionExpiry !== null && Date.now() < sessionExpiry;
  if (!valid) return <Navigate to={LOGIN_PATH} replace />;
  return <Outlet />;
}
