import type { ComponentType } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ActivityIcon, DashboardIcon, InsightsIcon, LogoutIcon, MoonIcon, ReportsIcon, SettingsIcon } from '../components/icons.tsx';
import { LOGIN_PATH, PRODUCT_NAME } from '../config/constants.ts';
import { signOut } from '../lib/sign-out.ts';
import { getAuthState } from '../stores/auth-store.ts';
import { useT, type MessageKey } from '../lib/i18n/i18n-store.ts';

const NAV_ITEMS: readonly { label: MessageKey; path: string; Icon: ComponentType<{ className?: string }> }[] = [
  { label: 'nav.dashboard', path: '/', Icon: DashboardIcon },
  { label: 'nav.activity', path: '/activity', Icon: ActivityIcon },
  { label: 'nav.insights', path: '/insights', Icon: InsightsIcon },
  { label: 'nav.reports', path: '/reports', Icon: ReportsIcon },
  { label: 'nav.settings', path: '/settings', Icon: SettingsIcon },
];

export function Header() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const t = useT();

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
      <Link to="/" className="app-logo" aria-label={t('nav.home', { product: PRODUCT_NAME })}>
        <MoonIcon className="app-logo-icon" /> {PRODUCT_NAME}
      </Link>
      <nav className="app-nav" aria-label={t('nav.main')}>
        {NAV_ITEMS.map(({ label, path, Icon }) => {
          const active = pathname === path;
          return (
            <button
              key={path}
              type="button"
              className={active ? 'nav-button nav-button-active' : 'nav-button'}
              aria-current={active ? 'page' : undefined}
              onClick={() => void navigate(path)}
            >
              <Icon className="nav-icon" />
              <span>{t(label)}</span>
            </button>
          );
        })}
      </nav>
      <button type="button" className="nav-button nav-logout" onClick={logout}>
        <LogoutIcon className="nav-icon" />
        <span>{t('nav.logout')}</span>
      </button>
    </header>
  );
}
