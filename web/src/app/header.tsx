import { Link, useLocation, useNavigate } from 'react-router-dom';
import { MoonIcon } from '../components/icons.tsx';
import { LOGIN_PATH, PRODUCT_NAME } from '../config/constants.ts';
import { signOut } from '../lib/sign-out.ts';
import { getAuthState } from '../stores/auth-store.ts';

const NAV_ITEMS = [
  { label: 'Dashboard', path: '/' },
  { label: 'Activity', path: '/activity' },
  { label: 'Insights', path: '/insights' },
  { label: 'Settings', path: '/settings' },
] as const;

export function Header() {
  const navigate = useNavigate();
  const { pathname } = useLocation();

  function logout() {
    // The server ends the session too (its refresh token, its access tokens, its live streams);
    // with no signal the device forgets it all the same.
    const token = getAuthState().accessToken;
    if (token) void fetch('/api/auth/logout', { method: 'POST', headers: { authorization: `Bearer ${token}` }, keepalive: true }).catch(() => undefined);
    // Also empties the query cache and what the device kept for offline use: the next person on this
    // device must not see this family's data, and writes still waiting are dropped with the session.
    void signOut({ forgetDevice: true });
    void navigate(LOGIN_PATH, { replace: true });
  }

  return (
    <header className="app-header">
      <Link to="/" className="app-logo" aria-label={`${PRODUCT_NAME} home`}>
        <MoonIcon className="app-logo-icon" /> {PRODUCT_NAME}
      </Link>
      <nav className="app-nav" aria-label="Main">
        {NAV_ITEMS.map((item) => {
          const active = pathname === item.path;
          return (
            <button
              key={item.path}
              type="button"
              className={active ? 'nav-button nav-button-active' : 'nav-button'}
              aria-current={active ? 'page' : undefined}
              onClick={() => void navigate(item.path)}
            >
              {item.label}
            </button>
          );
        })}
        <button type="button" className="nav-button nav-logout" onClick={logout}>
          Logout
        </button>
      </nav>
    </header>
  );
}
