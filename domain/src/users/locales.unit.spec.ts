import { describe, expect, it } from 'vitest';
import { effectiveLocale, localeOfAcceptLanguage, localeOfTags } from './locales';

describe('localeOfAcceptLanguage', () => {
  it("takes the language of the header's best tag the app speaks, by q-value", () => {
    expect(localeOfAcceptLanguage('es-ES,es;q=0.9,en;q=0.8')).toBe('es');
    expect(localeOfAcceptLanguage('en;q=0.5, de-AT;q=0.9')).toBe('de');
    expect(localeOfAcceptLanguage('it-IT, fr;q=0.7, en;q=0.3')).toBe('fr');
  });

  it('keeps the order of the header between equal q-values, and skips tags refused with q=0', () => {
    expect(localeOfAcceptLanguage('fr, de')).toBe('fr');
    expect(localeOfAcceptLanguage('de;q=0, es;q=0.1')).toBe('es');
  });

  it('is null for a header naming no language the app speaks, or none at all', () => {
    expect(localeOfAcceptLanguage('it-IT, pt;q=0.8')).toBeNull();
    expect(localeOfAcceptLanguage('*')).toBeNull();
    expect(localeOfAcceptLanguage('')).toBeNull();
    expect(localeOfAcceptLanguage(undefined)).toBeNull();
  });
});

describe('localeOfTags', () => {
  it("is the first of the browser's languages the app speaks", () => {
    expect(localeOfTags(['it-IT', 'de-CH', 'en'])).toBe('de');
    expect(localeOfTags(['pt-BR'])).toBeNull();
  });
});

describe('effectiveLocale', () => {
  it("is the member's choice, else the request's language, else English", () => {
    expect(effectiveLocale('fr', 'es')).toBe('fr');
    expect(effectiveLocale(null, 'es-MX')).toBe('es');
    expect(effectiveLocale(null, 'it')).toBe('en');
    expect(effectiveLocale(undefined, null)).toBe('en');
  });
});
