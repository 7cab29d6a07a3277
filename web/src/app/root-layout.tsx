import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { OnboardingPrompt } from '../features/onboarding/components/onboarding-prompt.tsx';
import { registerNavigate } from '../lib/navigation.ts';

/** Wraps every route: lets non-React code navigate, and floats the onboarding prompt on top. */
export function RootLayout() {
  const navigate = useNavigate();

  useEffect(() => {
    registerNavigate((path, options) => {
      void navigate(path, options);
    });
    return () => registerNavigate(null);
  }, [navigate]);

  return (
    <>
      <Outlet />
      <OnboardingPrompt />
    </>
  );
}
