import type { ReactNode } from 'react';
import { MoonIcon } from './icons.tsx';
import { MAIN_CONTENT_ID } from '../config/constants.ts';

type AuthLayoutProps = { title: string; subtitle: string; children: ReactNode };

/** The centred card sign-in, sign-up and the join page sit in. */
export function AuthLayout({ title, subtitle, children }: AuthLayoutProps) {
  return (
    <main className="auth-page" id={MAIN_CONTENT_ID} tabIndex={-1}>
      <div className="auth-card">
        <p className="auth-logo" aria-hidden="true">
          <MoonIcon />
        </p>
        <h1 className="auth-title">{title}</h1>
        <p className="auth-subtitle">{subtitle}</p>
        {children}
      </div>
    </main>
  );
}
