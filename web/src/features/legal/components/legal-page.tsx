import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { MAIN_CONTENT_ID } from '../../../config/constants.ts';

type LegalPageProps = { title: string; updated: string; children: ReactNode };

/** Shared frame of the policy pages, readable whether or not the visitor is signed in. */
export function LegalPage({ title, updated, children }: LegalPageProps) {
  return (
    <main className="legal-page" id={MAIN_CONTENT_ID} tabIndex={-1}>
      <p>
        <Link to="/">← Nightlight</Link>
      </p>
      <article className="legal-article">
        <h1 className="page-title">{title}</h1>
        <p className="page-subtitle">Last updated {updated}</p>
        {children}
      </article>
    </main>
  );
}
