// The '/onboarding' route: the onboarding feature, told by the children feature whether the
// family already has a child.
import { useChildren } from '../../features/children/api/get-children.ts';
import { OnboardingPage } from '../../features/onboarding/components/onboarding-page.tsx';

export function OnboardingRoute() {
  const children = useChildren();
  return <OnboardingPage hasChildren={(children.data?.length ?? 0) > 0} childrenPending={children.isPending} />;
}
