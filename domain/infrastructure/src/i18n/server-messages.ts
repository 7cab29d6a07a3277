import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import type { Locale } from '@nightlight/domain/users/locales';
import de from './catalogs/de.json' with { type: 'json' };
import en from './catalogs/en.json' with { type: 'json' };
import es from './catalogs/es.json' with { type: 'json' };
import fr from './catalogs/fr.json' with { type: 'json' };

/**
 * The server's texts in every language, keyed by a stable code: the API's error messages, and the
 * guidance and guide texts its answers carry. The domain words its rules in English, as the
 * product specification has them; the English catalog holds those very texts (a text with values
 * as an ICU message: `Password must be at least {min} characters`), so an English text is read
 * back into its code and values exactly, and said again in the reader's language at the edge.
 */
export type MessageCode = keyof typeof en;
export type MessageValues = Record<string, string | number>;
export interface CodedText {
  code: MessageCode;
  values: MessageValues;
}

export const SERVER_CATALOGS: Record<Locale, Record<MessageCode, string>> = { en, es, de, fr };

interface EnglishMessage {
  code: MessageCode;
  text: string;
  elements: MessageFormatElement[];
}

const formats = new Map<string, IntlMessageFormat>();

const english: EnglishMessage[] = (Object.entries(en) as [MessageCode, string][]).map(([code, text]) => ({ code, text, elements: parse(text) }));
const hasValues = (message: EnglishMessage) => message.elements.some((element) => element.type !== TYPE.literal);

/** Texts without values, found by the text itself. */
const fixedTexts = new Map(english.filter((message) => !hasValues(message)).map((message) => [format(message.code, {}, 'en'), message.code]));

/** Texts with values, the most literal text first: 'Duration must be a number' is a text of its own before it is a `{field} must be a number`. */
const literalLength = (elements: readonly MessageFormatElement[]): number => elements.reduce((sum, element) => sum + (element.type === TYPE.literal ? element.value.length : 0), 0);
const patterns = english.filter(hasValues).sort((a, b) => literalLength(b.elements) - literalLength(a.elements));

const NUMBER = /^-?\d+(?:\.\d+)?/;

/**
 * Every way `elements` can be read from `text` at `at` with the values bound so far: an argument
 * takes any text (shortest first), a number a decimal number, a select one of its options' texts,
 * a plural one of its options with `#` as the number. A name bound twice must read the same.
 */
function* readings(elements: readonly MessageFormatElement[], text: string, at: number, values: MessageValues, pound?: string): Generator<{ at: number; values: MessageValues }> {
  const [element, ...rest] = elements;
  if (!element) {
    yield { at, values };
    return;
  }
  const bind = (name: string, value: string | number) => (name in values && String(values[name]) !== String(value) ? null : { ...values, [name]: value });
  switch (element.type) {
    case TYPE.literal:
      if (text.startsWith(element.value, at)) yield* readings(rest, text, at + element.value.length, values, pound);
      return;
    case TYPE.argument:
      for (let end = at + 1; end <= text.length; end++) {
        const bound = bind(element.value, text.slice(at, end));
        if (bound) yield* readings(rest, text, end, bound, pound);
      }
      return;
    case TYPE.number:
    case TYPE.pound: {
      const found = NUMBER.exec(text.slice(at))?.[0];
      const name = element.type === TYPE.number ? element.value : pound;
      const bound = found !== undefined && name !== undefined ? bind(name, Number(found)) : null;
      if (bound && found !== undefined) yield* readings(rest, text, at + found.length, bound, pound);
      return;
    }
    case TYPE.select:
      for (const [key, option] of Object.entries(element.options)) {
        const bound = bind(element.value, key);
        if (!bound) continue;
        for (const inside of readings(option.value, text, at, bound, pound)) yield* readings(rest, text, inside.at, inside.values, pound);
      }
      return;
    case TYPE.plural:
      for (const option of Object.values(element.options)) {
        for (const inside of readings(option.value, text, at, values, element.value)) yield* readings(rest, text, inside.at, inside.values, pound);
      }
      return;
    default:
      return;
  }
}

/** The message `code` in `locale`, with its values. */
export function format(code: MessageCode, values: MessageValues, locale: Locale): string {
  const key = `${locale}:${code}`;
  let message = formats.get(key);
  if (!message) {
    message = new IntlMessageFormat(SERVER_CATALOGS[locale][code], locale);
    formats.set(key, message);
  }
  return String(message.format(values));
}

/**
 * The code and values of an English text the server says, or null for a text no catalog knows. A
 * reading counts only when the English message with those values is the text again, character for
 * character: the mapping is exact, never a guess.
 */
export function codeOf(text: string): CodedText | null {
  const fixed = fixedTexts.get(text);
  if (fixed) return { code: fixed, values: {} };
  for (const message of patterns) {
    for (const reading of readings(message.elements, text, 0, {})) {
      if (reading.at === text.length && format(message.code, reading.values, 'en') === text) return { code: message.code, values: reading.values };
    }
  }
  return null;
}

/**
 * An English text the server says, in `locale`: a known text in that language (its values that are
 * known texts too, such as a field's name, translated with it), anything else as it is.
 */
export function translate(text: string, locale: Locale): string {
  if (locale === 'en') return text;
  const coded = codeOf(text);
  return coded ? format(coded.code, translatedValues(coded.values, locale), locale) : text;
}

function translatedValues(values: MessageValues, locale: Locale): MessageValues {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typeof value === 'string' ? translate(value, locale) : value]));
}
