import { useAuthStore } from '../../stores/auth-store.ts';
import { localeFor, speak } from './i18n-store.ts';

/**
 * The app speaks the signed-in member's language (their choice, kept by the server and so the same
 * on every device), else the browser's; it follows a change at once. Resolves once the first
 * screen's language is loaded, so nothing is shown in English first.
 */
export function followMembersLanguage(): Promise<void> {
  useAuthStore.subscribe((state, before) => {
    if (state.user?.locale !== before.user?.locale) void speak(localeFor(state.user?.locale));
  });
  return speak(localeFor(useAuthStore.getState().user?.locale));
}
