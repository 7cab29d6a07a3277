import type { Locale } from '@nightlight/domain/users/locales';

/** Each language in its own words: a reader finds theirs whatever the app speaks now. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español', de: 'Deutsch', fr: 'Français' };
