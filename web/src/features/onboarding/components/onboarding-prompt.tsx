import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useAuthStore } from '../../../stores/auth-store.ts';

/** Opens every screen (floats in a corner on a wide one) until a signed-in user has finished onboarding. */
export function OnboardingPrompt() {
  const { pathname } = useLocation();
  const [dismissed, setDismissed] = useState(false);
  const needsOnboarding = useAuthStore(
    (state) => state.isAuthenticated && state.user !== null && !state.user.onboardingCompleted,
  );

  if (!needsOnboarding || dismissed || pathname === '/onboarding' || pathname.startsWith('/auth/')) return null;

  return (
    <aside className="onboarding-prompt" aria-label="Finish setting up">
      <p className="onboarding-prompt-title">Finish setting up Nightlight</p>
      <p>Add your child to start tracking feedings and sleep.</p>
      <div className="onboarding-prompt-actions">
        <Link to="/onboarding" className="btn btn-primary">
          Add your child
        </Link>
        <button type="button" className="btn btn-ghost" onClick={() => setDismissed(true)}>
          Not now
        </button>
      </div>
    </aside>
  );
}
