import { useNavigate } from 'react-router-dom';
import { LOGIN_PATH, MAIN_CONTENT_ID } from '../../../config/constants.ts';
import { signOut } from '../../../lib/sign-out.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import type { Child } from '../../../types/api.ts';
import { useCompleteOnboarding } from '../api/complete-onboarding.ts';
import { ConsentModal } from './consent-modal.tsx';
import { useT } from '../../../lib/i18n/i18n-store.ts';

/**
 * The first screen of someone who signed up with an invitation: the same consent as everyone, over
 * a word about the child they joined; accepting lands on that child's dashboard. They joined a
 * child, so they are never asked to add one.
 */
export function JoinedWelcome({ child }: { child: Child }) {
  const navigate = useNavigate();
  const updateUser = useAuthStore((state) => state.updateUser);
  const completeOnboarding = useCompleteOnboarding();
  const t = useT();
  const name = child.displayName || t('child.baby');

  async function accept() {
    updateUser({ onboardingCompleted: true });
    try {
      await completeOnboarding.mutateAsync();
    } catch (error) {
      console.error('Could not mark onboarding as completed', error);
    }
    void navigate('/', { replace: true, state: { childId: child.id } });
  }

  function decline() {
    // Without consent nothing may be stored, so the session ends here.
    void signOut({ forgetDevice: true });
    void navigate(LOGIN_PATH, { replace: true });
  }

  return (
    <main className="onboarding-page" id={MAIN_CONTENT_ID} tabIndex={-1}>
      <ConsentModal open onAccept={() => void accept()} onCancel={decline} />
      <div className="onboarding-card" inert>
        <h1 className="page-title">{t('joined.title', { name })}</h1>
        <p className="onboarding-welcome">{t('joined.text', { name })}</p>
      </div>
    </main>
  );
}
