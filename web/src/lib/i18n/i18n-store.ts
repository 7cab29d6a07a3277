import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { createElement, Fragment, type ReactNode } from 'react';
import { create } from 'zustand';
import { DEFAULT_LOCALE, localeOfTags, type ChosenLocale, type Locale } from '@nightlight/domain/users/locales';
import en from './catalogs/en.json';

/** A key of the web app's catalogs: every text the app shows has one. */
export type MessageKey = keyof typeof en;
export type MessageValues = Record<string, string | number | Date>;
export type Catalog = Record<MessageKey, string>;

/** English is in the first download (it is also every key's fallback); each other language is a chunk of its own. */
const CATALOGS: Record<Exclude<Locale, 'en'>, () => Promise<{ default: Catalog }>> = {
  es: () => import('./catalogs/es.json'),
  de: () => import('./catalogs/de.json'),
  fr: () => import('./catalogs/fr.json'),
};

const cache = createIntlCache();

/** The browser's preferred tags, most preferred first. */
const browserTags = (): readonly string[] => (typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language]);

/**
 * The tag dates and numbers are formatted for: the browser's own when it speaks the language
 * (es-MX keeps its own formats), else the language's (a German member on an English browser reads
 * German formats).
 */
export function formatTagFor(locale: Locale, tags: readonly string[] = browserTags()): string {
  return tags.find((tag) => localeOfTags([tag]) === locale) ?? locale;
}

/** The language the app speaks: the member's choice, else the browser's first the app speaks, else English. */
export const localeFor = (chosen: ChosenLocale | undefined, tags: readonly string[] = browserTags()): Locale => chosen ?? localeOfTags(tags) ?? DEFAULT_LOCALE;

function intlFor(locale: Locale, messages: Catalog): IntlShape {
  return createIntl({ locale: formatTagFor(locale), defaultLocale: DEFAULT_LOCALE, messages }, cache);
}

type I18nState = { locale: Locale; intl: IntlShape };

export const useI18nStore = create<I18nState>(() => ({ locale: DEFAULT_LOCALE, intl: intlFor(DEFAULT_LOCALE, en) }));

/**
 * Speaks `locale` from now on: loads its catalog, then switches every screen and `<html lang>` at
 * once (never half a screen in one language and half in another).
 */
let wanted: Locale = DEFAULT_LOCALE;

export async function speak(locale: Locale): Promise<void> {
  wanted = locale;
  if (locale === useI18nStore.getState().locale && document.documentElement.lang === locale) return;
  const messages = locale === 'en' ? en : { ...en, ...(await CATALOGS[locale]()).default };
  // A language chosen again while this one loaded wins.
  if (wanted !== locale) return;
  document.documentElement.lang = locale;
  useI18nStore.setState({ locale, intl: intlFor(locale, messages) });
}

/** The current language's text of `key` (for code outside components; components use useT). */
export function t(key: MessageKey, values?: MessageValues): string {
  return useI18nStore.getState().intl.formatMessage({ id: key }, values);
}

/** The tag Intl formats dates, times and numbers with now. */
export const formatLocale = (): string => useI18nStore.getState().intl.locale;

/** A text of the catalogs; with elements among its values (a link inside a sentence), the parts to show. */
export type Translate = {
  (key: MessageKey, values?: MessageValues): string;
  (key: MessageKey, values: Record<string, ReactNode | ((chunks: ReactNode[]) => ReactNode)>): ReactNode;
};

/** The translate function of the current language; a component using it shows again when the language changes. */
export function useT(): Translate {
  const intl = useI18nStore((state) => state.intl);
  return ((key: MessageKey, values?: Record<string, unknown>) => {
    const said = intl.formatMessage({ id: key }, values as MessageValues) as string | ReactNode[];
    // A sentence with elements in it comes in parts: given as children one by one, they need no keys.
    return Array.isArray(said) ? createElement(Fragment, null, ...said) : said;
  }) as Translate;
}

export const useLocale = (): Locale => useI18nStore((state) => state.locale);

/** A figure in the reader's numbers, with exactly `digits` decimals: 1.5 is '1,5' in German. */
export const formatFigure = (value: number, digits = 0): string =>
  new Intl.NumberFormat(formatLocale(), { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);

/** Figures the API wrote in its own numbers ('5.6 kg', '8h 10m'), with the reader's decimal sign: '5,6 kg'. */
export function withLocalDecimals(text: string): string {
  const sign = new Intl.NumberFormat(formatLocale()).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
  return sign === '.' ? text : text.replace(/(\d)\.(\d)/g, `$1${sign}$2`);
}
