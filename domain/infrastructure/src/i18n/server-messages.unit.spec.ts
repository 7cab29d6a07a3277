import path from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { ENTRY_KIND_NAMES } from '@nightlight/domain/entries/entry-kinds';
import { overlapMessage } from '@nightlight/domain/entry-slots/entry-slot.decider';
import { growthProblem } from '@nightlight/domain/growth/growth-rules';
import { FEEDING_MILESTONES } from '@nightlight/domain/milestones/feeding-guide';
import { WAKE_WINDOWS } from '@nightlight/domain/timers/wake-windows';
import { releaseTooSmallMessage } from '@nightlight/domain/research/research-release';
import { maximumNote, notRunningError, pastMaximumError } from '@nightlight/domain/timers/timer-rules';
import { TIMER_KINDS } from '@nightlight/domain/timers/timer.events';
import { volumeProblem } from '@nightlight/domain/units/volume';
import { LOCALES } from '@nightlight/domain/users/locales';
import { messagePlaceholders } from '@nightlight/domain/i18n/message-placeholders';
import { sourceTexts } from './message-sources';
import { codeOf, format, SERVER_CATALOGS, translate, type MessageCode } from './server-messages';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
const english = SERVER_CATALOGS.en;
const codes = Object.keys(english) as MessageCode[];

/**
 * Texts of the sources that read as words but are the API's data, not something it says: values
 * that clients show in their own words (a weekly note, a bottle's contents), citations kept in the
 * language of what they cite, and lines of a kind's own timeline, which that kind's declaration words.
 */
const NOT_SAID = new Map<string, string>([
  ['Breast Milk', 'a value of the API (bottle contents), shown by clients in their own words'],
  ['No data', 'a weekly note of the API, shown by clients in their own words'],
  ['Frequent feeds', 'a weekly note of the API'],
  ['Great sleep day', 'a weekly note of the API'],
  ['Short sleep', 'a weekly note of the API'],
  ['Normal day', 'a weekly note of the API'],
  ['Wet + dirty', "a diaper change's timeline line, worded by its kind"],
  ['Diaper changes', "a kind's name in the export, where column names stay English"],
  ['diaper change', "a kind's name in the domain's own texts"],
  ['diaper changes', "a kind's name in the domain's own texts"],
  ['pumping session', "a kind's name in the domain's own texts"],
  ['pumping sessions', "a kind's name in the domain's own texts"],
  ['tummy time', "the name of Baby Buddy's export, an option of import.notKept"],
  ['solid food', "a kind's name in the domain's own texts"],
  ['solid foods', "a kind's name in the domain's own texts"],
  ['tummy times', "a kind's name in the domain's own texts"],
  ['Solid foods', "a kind's name in the export, where column names stay English"],
  ['Tummy time', "a kind's name in the export, where column names stay English"],
  ['A taste', "a solid meal's timeline line, worded by its kind"],
  ['⟨⟩ · reaction', "a solid meal's timeline line, worded by its kind"],
  ['Reseal⟨⟩Notes', "a command's name"],
  ['is never recorded', 'a stored event\'s invariant, which no request can break'],
  ['+⟨⟩ min', 'a display form the web app writes in its own words'],
  ["default-src 'none'; frame-ancestors 'none'", "the Content-Security-Policy of the API's answers"],
  ['AAP, HealthyChildren.org, "Amount and Schedule of Baby Formula Feedings"', 'a citation, in the language of what it cites'],
  ['CDC, "How Much and How Often to Feed Infant Formula"', 'a citation'],
  ['⟨⟩; CHOP Infant Feeding Guide', 'a citation'],
  ['refresh token ⟨⟩', "a session's label in the server's own store"],
  ['babybuddy:⟨⟩:⟨⟩', "an imported entry's source id"],
  ['⟨⟩, accept-encoding', 'a header value'],
  ['public, max-age=⟨⟩, immutable', 'a header value'],
]);

/** A message's literal parts, with a hole for each value: `{field} is required` is ['', ' is required']. */
function skeleton(elements: readonly MessageFormatElement[]): string[] {
  const parts = [''];
  for (const element of elements) {
    if (element.type === TYPE.literal) parts[parts.length - 1] += element.value;
    else parts.push('');
  }
  return parts;
}

/** The texts a select or a plural of the message chooses between ('a feeding', 'a sleep session'). */
function optionTexts(elements: readonly MessageFormatElement[]): string[] {
  return elements.flatMap((element) =>
    element.type === TYPE.select || element.type === TYPE.plural
      ? Object.values(element.options).flatMap((option) => [skeleton(option.value).join('⟨⟩'), ...optionTexts(option.value)])
      : [],
  );
}

const HOLE = '⟨⟩';
const englishForms = new Set(codes.flatMap((code) => [skeleton(parse(english[code])).join(HOLE), ...optionTexts(parse(english[code]))]));

describe('the server catalogs', () => {
  it.each(LOCALES.filter((locale) => locale !== 'en'))('%s has every message of the English catalog, with the same placeholders, and no other', (locale) => {
    const catalog = SERVER_CATALOGS[locale];
    expect(Object.keys(catalog).sort()).toEqual([...codes].sort());
    const different = codes.filter((code) => messagePlaceholders(catalog[code]).join() !== messagePlaceholders(english[code]).join());
    expect(different).toEqual([]);
    // Written in the language, not copied: only texts that are figures or citations read the same.
    const copied = codes.filter((code) => catalog[code] === english[code] && !/^(guide\.amountRange|http\.expectation)$/.test(code));
    expect(copied).toEqual([]);
  });

  // Parses every source file of the services: seconds on a machine busy with the other projects.
  it('words every text of the domain, the edge and the services that may reach a user', { timeout: 30_000 }, () => {
    const texts = sourceTexts(REPO_ROOT);
    expect(texts.length).toBeGreaterThan(200);
    const unworded = texts
      .map((text) => ({ where: `${text.file}:${text.line}`, form: text.parts.join(HOLE) }))
      // A text with values is worded when a text of its form, with a figure for each value, is.
      .filter(({ form }) => !englishForms.has(form) && codeOf(form.replaceAll(HOLE, '7')) === null && !NOT_SAID.has(form) && !/^[\w-]+:|\n|[{}[\]"]|^[\w/.+-]+;\s*charset=|attachment;|running-timer-|slots-|^\/api\/|^⟨⟩(\.⟨⟩)?$/.test(form));
    expect(unworded).toEqual([]);
  });

  it('reads back the texts the domain makes with values, each to its code and values', () => {
    const made = [
      ...ENTRY_KIND_NAMES.map((kind) => overlapMessage(kind as never)),
      volumeProblem(21, 'oz')!,
      volumeProblem(4.1, 'oz')!,
      volumeProblem(601, 'mL')!,
      volumeProblem(62, 'mL')!,
      ...(['weight', 'length', 'head'] as const).flatMap((field) => [growthProblem(field, 1000, 'metric')!, growthProblem(field, 1000, 'imperial')!]),
      ...TIMER_KINDS.flatMap((kind) => [maximumNote(kind), pastMaximumError(kind).message]),
      releaseTooSmallMessage(1, 20),
      releaseTooSmallMessage(3, 20),
      ...FEEDING_MILESTONES.flatMap((milestone) => [milestone.label, milestone.amountPerFeeding, ...milestone.details, ...(/[a-z]/.test(milestone.feedingsPerDay) ? [milestone.feedingsPerDay] : [])]),
      ...WAKE_WINDOWS.map((window) => window.label),
    ];
    const unread = made.filter((text) => codeOf(text) === null || format(codeOf(text)!.code, codeOf(text)!.values, 'en') !== text);
    expect(unread).toEqual([]);
    expect(notRunningError({ status: 'none' } as never).message).toBe(english['timer.notFound']);
  });

  it('gives each text its values exactly, and none to a text it does not know', () => {
    expect(codeOf('Password must be at least 8 characters')).toEqual({ code: 'account.passwordTooShort', values: { min: 8 } });
    expect(codeOf('This overlaps a diaper change already logged for this child')).toEqual({ code: 'entry.overlap', values: { kind: 'diaper' } });
    expect(codeOf('Amount must be in steps of 0.25 oz')).toEqual({ code: 'feeding.amountStep', values: { step: 0.25, unit: 'oz' } });
    expect(codeOf('Date and time is required')).toEqual({ code: 'entry.dateTimeRequired', values: {} });
    expect(codeOf('endedAt is required')).toEqual({ code: 'field.required', values: { field: 'endedAt' } });
    expect(codeOf('This release would hold 1 child; research data leaves only in releases of at least 20 (RESEARCH_MIN_CHILDREN)')).toEqual({
      code: 'research.releaseTooSmall',
      values: { children: 1, minimum: 20 },
    });
    // One letter off is another text, which no catalog has.
    expect(codeOf('Password must be at least 8 character')).toBeNull();
    expect(codeOf('This overlaps a nap already logged for this child')).toBeNull();
    expect(codeOf('Invalid input: expected string, received undefined')).toBeNull();
  });

  it("says a text in the reader's language, with the values it carries, and their own words translated too", () => {
    expect(translate('Password must be at least 8 characters', 'es')).toBe('La contraseña debe tener al menos 8 caracteres');
    expect(translate('This overlaps a feeding already logged for this child', 'de')).toBe('Das überschneidet sich mit einer Mahlzeit, die für dieses Kind schon eingetragen ist');
    expect(translate('Amount must be in steps of 0.25 oz', 'fr')).toBe('La quantité doit aller par paliers de 0,25 oz');
    expect(translate('Head circumference must be between 15 and 60 cm', 'de')).toBe('Der Kopfumfang muss zwischen 15 und 60 cm liegen');
    expect(translate('Date and time is not a real date and time', 'es')).toBe('Fecha y hora: no es una fecha y hora real');
    expect(translate('This overlaps a sleep session already logged for this child (line 7)', 'fr')).toBe('Cela chevauche un sommeil déjà noté pour cet enfant (ligne 7)');
    expect(translate('This release would hold 3 children; research data leaves only in releases of at least 20 (RESEARCH_MIN_CHILDREN)', 'de')).toBe(
      'Diese Freigabe enthielte 3 Kinder; Forschungsdaten gehen nur in Freigaben mit mindestens 20 hinaus (RESEARCH_MIN_CHILDREN)',
    );
    expect(translate('12 months', 'es')).toBe('12 meses');
    expect(translate('A note a parent wrote', 'fr')).toBe('A note a parent wrote');
    expect(translate('Password must be at least 8 characters', 'en')).toBe('Password must be at least 8 characters');
  });
});
