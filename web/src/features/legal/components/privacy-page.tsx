import { Link } from 'react-router-dom';
import { useT } from '../../../lib/i18n/i18n-store.ts';
import { LegalPage, strong } from './legal-page.tsx';

export function PrivacyPage() {
  const t = useT();
  return (
    <LegalPage title={t('route.privacy')} updated="2025-06-01">
      <p>{t('privacy.intro')}</p>

      <h2>{t('privacy.storeTitle')}</h2>
      <ul>
        <li>{t('privacy.storeAccount', { b: strong })}</li>
        <li>{t('privacy.storeChildren', { b: strong })}</li>
        <li>{t('privacy.storeLogs', { b: strong })}</li>
      </ul>
      <p>{t('privacy.notCollected')}</p>

      <h2>{t('privacy.protectedTitle')}</h2>
      <p>{t('privacy.protected')}</p>

      <h2>{t('privacy.whyTitle')}</h2>
      <p>{t('privacy.why')}</p>

      <h2>{t('privacy.researchTitle')}</h2>
      <p>{t('privacy.researchAsked')}</p>
      <p>{t('privacy.researchAnonymised')}</p>

      <h2>{t('privacy.deletingTitle')}</h2>
      <p>{t('privacy.deleting')}</p>
      <p>{t('privacy.deletingKept')}</p>

      <h2>{t('privacy.notAdviceTitle')}</h2>
      <p>{t('privacy.notAdvice')}</p>

      <p>{t('privacy.seeTerms', { terms: <Link to="/terms">{t('route.terms')}</Link> })}</p>
    </LegalPage>
  );
}
