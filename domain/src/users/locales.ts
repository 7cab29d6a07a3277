/** The languages the app and the API's messages speak. */
export const LOCALES = ['en', 'es', 'de', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];

/** A member's language: one they chose, or null to follow the browser's. */
export type ChosenLocale = Locale | null;

/** The language every text is written in first, and the one spoken when nothing else fits. */
export const DEFAULT_LOCALE: Locale = 'en';

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** The app's language of a BCP 47 tag ('de-AT' is German), or null when it speaks none of it. */
export function localeOfTag(tag: string): Locale | null {
  const language = tag.trim().split(/[-_]/)[0]?.toLowerCase();
  return isLocale(language) ? language : null;
}

/** The first of the tags, in order of preference (the browser's `navigator.languages`), that the app speaks. */
export function localeOfTags(tags: readonly string[]): Locale | null {
  for (const tag of tags) {
    const locale = localeOfTag(tag);
    if (locale) return locale;
  }
  return null;
}

/**
 * The language an `Accept-Language` header prefers among those the app speaks, by its q-values
 * (the order of the header breaks ties); null when it names none of them.
 */
export function localeOfAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/i.exec(param)?.[1]).find((value) => value !== undefined);
      return { tag, q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ q }) => Number.isFinite(q) && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return localeOfTags(ranked.map(({ tag }) => tag));
}

/** A reader's language: the one they chose, else their browser's (the request's `Accept-Language`), else English. */
export function effectiveLocale(chosen: ChosenLocale | undefined, acceptLanguage: string | null | undefined): Locale {
  return chosen ?? localeOfAcceptLanguage(acceptLanguage) ?? DEFAULT_LOCALE;
}
