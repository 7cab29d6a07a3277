// The '/onboarding' route: the onboarding feature, told by the children feature whether the
// family already has a child. Someone who joined a family by invitation has one before they
// consent: they see the consent over a word about that child, and then its dashboard.
import { LoadingState } from '../../components/loading-state.tsx';
import { useAuthStore } from '../../stores/auth-store.ts';
import { useChildren } from '../../features/children/api/get-children.ts';
import { JoinedWelcome } from '../../features/onboarding/components/joined-welcome.tsx';
import { OnboardingPage } from '../../features/onboarding/components/onboarding-page.tsx';

export function OnboardingRoute() {
  const children = useChildren();
  const needsConsent = useAuthStore((state) => state.user !== null && !state.user.onboardingCompleted);
  if (needsConsent && children.isPending) return <LoadingState />;
  const joined = needsConsent ? children.data?.[0] : undefined;
  if (joined) return <JoinedWelcome child={joined} />;
  return <OnboardingPage hasChildren={(children.data?.length ?? 0) > 0} childrenPending={children.isPending} />;
}
