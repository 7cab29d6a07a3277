import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { PRODUCT_NAME } from '../../../config/constants.ts';
import { useT } from '../../../lib/i18n/i18n-store.ts';

/** Opens every screen (floats in a corner on a wide one) until a signed-in user has finished onboarding. */
export function OnboardingPrompt() {
  const { pathname } = useLocation();
  const [dismissed, setDismissed] = useState(false);
  const t = useT();
  const needsOnboarding = useAuthStore(
    (state) => state.isAuthenticated && state.user !== null && !state.user.onboardingCompleted,
  );

  if (!needsOnboarding || dismissed || pathname === '/onboarding' || pathname.startsWith('/auth/')) return null;

  return (
    <aside className="onboarding-prompt" aria-label={t('onboardingPrompt.label')}>
      <p className="onboarding-prompt-title">{t('onboardingPrompt.title', { product: PRODUCT_NAME })}</p>
      <p>{t('onboardingPrompt.text')}</p>
      <div className="onboarding-prompt-actions">
        <Link to="/onboarding" className="btn btn-primary">
          {t('onboardingPrompt.add')}
        </Link>
        <button type="button" className="btn btn-ghost" onClick={() => setDismissed(true)}>
          {t('onboardingPrompt.notNow')}
        </button>
      </div>
    </aside>
  );
}
