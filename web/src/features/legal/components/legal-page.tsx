import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { MAIN_CONTENT_ID, PRODUCT_NAME } from '../../../config/constants.ts';
import { useT } from '../../../lib/i18n/i18n-store.ts';
import { formatLocalDate } from '../../../lib/local-date.ts';

type LegalPageProps = { title: string; updated: string; children: ReactNode };

/** Shared frame of the policy pages, readable whether or not the visitor is signed in. `updated`: 'YYYY-MM-DD'. */
export function LegalPage({ title, updated, children }: LegalPageProps) {
  const t = useT();
  return (
    <main className="legal-page" id={MAIN_CONTENT_ID} tabIndex={-1}>
      <p>
        <Link to="/">{`← ${PRODUCT_NAME}`}</Link>
      </p>
      <article className="legal-article">
        <h1 className="page-title">{title}</h1>
        <p className="page-subtitle">{t('legal.updated', { date: formatLocalDate(updated, { day: 'numeric', month: 'long', year: 'numeric' }) })}</p>
        {children}
      </article>
    </main>
  );
}

/** A catalog's <b>…</b> as strong text. */
export const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;
