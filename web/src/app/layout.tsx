import { Outlet } from 'react-router-dom';
import { MAIN_CONTENT_ID } from '../config/constants.ts';
import { Header } from './header.tsx';

/** The common frame of the signed-in screens: header on top, the screen below. */
export function AppLayout() {
  return (
    <div className="app-shell">
      <Header />
      <main className="app-main" id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
