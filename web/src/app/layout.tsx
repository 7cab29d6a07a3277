import { Outlet } from 'react-router-dom';
import { MAIN_CONTENT_ID } from '../config/constants.ts';
import { useOfflineSession } from '../hooks/use-offline-session.ts';
import { Header } from './header.tsx';
import { OfflineBanner } from './offline-banner.tsx';

/** The common frame of the signed-in screens: header on top, the screen below. */
export function AppLayout() {
  useOfflineSession();
  return (
    <div className="app-shell">
      <Header />
      <OfflineBanner />
      <main className="app-main" id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
