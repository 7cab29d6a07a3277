import { Link } from 'react-router-dom';
import { useT } from '../../../lib/i18n/i18n-store.ts';
import { LegalPage } from './legal-page.tsx';

export function TermsPage() {
  const t = useT();
  return (
    <LegalPage title={t('route.terms')} updated="2025-06-01">
      <p>{t('terms.intro')}</p>

      <h2>{t('terms.whoTitle')}</h2>
      <p>{t('terms.who')}</p>

      <h2>{t('terms.notAdviceTitle')}</h2>
      <p>{t('terms.notAdvice')}</p>

      <h2>{t('terms.accountTitle')}</h2>
      <p>{t('terms.account')}</p>

      <h2>{t('terms.dataTitle')}</h2>
      <p>{t('terms.data', { privacy: <Link to="/privacy">{t('route.privacy')}</Link> })}</p>

      <h2>{t('terms.availabilityTitle')}</h2>
      <p>{t('terms.availability')}</p>

      <h2>{t('terms.changesTitle')}</h2>
      <p>{t('terms.changes')}</p>
    </LegalPage>
  );
}
