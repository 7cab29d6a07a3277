import { useEffect, useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router-dom';
import { MAIN_CONTENT_ID, PRODUCT_NAME } from '../config/constants.ts';
import { OnboardingPrompt } from '../features/onboarding/components/onboarding-prompt.tsx';
import { registerNavigate } from '../lib/navigation.ts';
import { UpdatePrompt } from './update-prompt.tsx';
import { useT, type MessageKey } from '../lib/i18n/i18n-store.ts';

/** What a route declares about itself: the screen's name, for the document title. */
export type RouteHandle = { title: MessageKey };

function useDocumentTitle(): void {
  const t = useT();
  const matches = useMatches();
  const key = matches
    .map((match) => (match.handle as RouteHandle | undefined)?.title)
    .filter(Boolean)
    .at(-1);
  const title = key && t(key);
  // In the commit that shows the screen, not after it: a screen reader or a test that finds the
  // new screen must find its title with it.
  useLayoutEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}

/**
 * After a navigation, moves focus to the new screen's h1, so a screen reader announces where the
 * user now is and Tab starts from the top of the screen. The heading may appear later (a lazy
 * chunk, data still loading); by then the user may have moved focus on purpose, which wins.
 */
function useFocusHeadingOnNavigation(): void {
  const { pathname } = useLocation();
  const firstRender = useRef(true);

  useEffect(() => {
    // A fresh page load starts at the top of the document on its own.
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const focusedBefore = document.activeElement;
    const focusHeading = (): boolean => {
      const heading = document.querySelector<HTMLElement>(`#${MAIN_CONTENT_ID} h1`);
      if (!heading) return false;
      const untouched = document.activeElement === focusedBefore || document.activeElement === document.body;
      if (untouched) {
        heading.tabIndex = -1;
        heading.focus();
      }
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [pathname]);
}

/**
 * Wraps every route: the skip link, the document title, focus after navigation, navigation for
 * non-React code, the onboarding prompt, and the service worker with its update prompt.
 */
export function RootLayout() {
  const navigate = useNavigate();
  const t = useT();
  useDocumentTitle();
  useFocusHeadingOnNavigation();

  useEffect(() => {
    registerNavigate((path, options) => {
      void navigate(path, options);
    });
    return () => registerNavigate(null);
  }, [navigate]);

  return (
    <>
      <a
        className="skip-link"
        href={`#${MAIN_CONTENT_ID}`}
        onClick={(event) => {
          // Focus, not only scroll: the next Tab then continues inside the screen.
          event.preventDefault();
          document.getElementById(MAIN_CONTENT_ID)?.focus();
        }}
      >
        {t('app.skipToMain')}
      </a>
      <OnboardingPrompt />
      <Outlet />
      <UpdatePrompt />
    </>
  );
}
