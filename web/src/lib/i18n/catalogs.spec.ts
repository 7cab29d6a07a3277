import { describe, expect, it } from 'vitest';
import { messagePlaceholders } from '@nightlight/domain/i18n/message-placeholders';
import de from './catalogs/de.json';
import en from './catalogs/en.json';
import es from './catalogs/es.json';
import fr from './catalogs/fr.json';

const english: Record<string, string> = en;
const translations: Record<'es' | 'de' | 'fr', Record<string, string>> = { es, de, fr };

/** Texts that read the same in a language as in English: names, units, figures. */
const SAME_IN = {
  es: ['growth.fieldLabel'],
  de: ['child.baby', 'growth.fieldLabel', 'tummyTime.who'],
  fr: ['daily.date', 'growth.actions', 'growth.fieldLabel', 'kind.medication.amount', 'medicationForm.dose', 'report.doses', 'report.source', 'role.parent', 'weekly.notes'],
};

describe("the web app's catalogs", () => {
  it.each(Object.entries(translations))('%s has every key of the English catalog, with the same placeholders, and no other', (locale, catalog) => {
    expect(Object.keys(catalog).sort()).toEqual(Object.keys(english).sort());
    const differing = Object.keys(english).filter((key) => messagePlaceholders(catalog[key]!).join() !== messagePlaceholders(english[key]!).join());
    expect(differing).toEqual([]);
    // Written in the language, not left in English.
    const untranslated = Object.keys(english).filter((key) => catalog[key] === english[key] && !SAME_IN[locale as keyof typeof SAME_IN].includes(key));
    expect(untranslated).toEqual([]);
  });

  it('tells apart a text, a plural and a select, and a select with other options', () => {
    expect(messagePlaceholders('Bottle logged: {bottle}')).toEqual(['bottle:argument']);
    expect(messagePlaceholders('{count, plural, one {# day} other {# days}}')).toEqual(['count:plural']);
    expect(messagePlaceholders('{side, select, left {Left side} other {Right side}}')).toEqual(['side:select(left|other)']);
    expect(messagePlaceholders('{side, select, left {Links} right {Rechts} other {Rechts}}')).not.toEqual(messagePlaceholders(en['timer.side']));
  });
});
