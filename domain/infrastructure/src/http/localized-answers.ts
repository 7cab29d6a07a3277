import type { FastifyInstance, FastifyRequest, preSerializationAsyncHookHandler } from 'fastify';
import type { ErrorAnswer, Issue } from '@nightlight/domain/shared/answers';
import { effectiveLocale, type Locale } from '@nightlight/domain/users/locales';
import { codeOf, translate } from '../i18n/server-messages';
import type { ReadStore } from '../ports/read-store';
import { readerLocale } from '../read-store/reader-locale';

/** The language a request's reader reads the API's texts in. */
export type LocaleOf = (request: FastifyRequest) => Promise<Locale>;

/**
 * A request's reader's language: the signed-in member's choice, else the request's `Accept-Language`.
 * A read store that cannot answer (the very refusal being worded may be that) leaves the header.
 */
export function readersLocale(readStore: ReadStore): LocaleOf {
  return (request) => {
    const acceptLanguage = request.headers['accept-language'];
    return readerLocale(readStore, request.userId, acceptLanguage).catch(() => effectiveLocale(null, acceptLanguage));
  };
}

/** An English message's stable code: its catalog's, else `http.{status}` for a text no catalog has (a library's own). */
export function messageCode(message: string, statusCode: number): string {
  return codeOf(message)?.code ?? `http.${statusCode}`;
}

type Refusal = Omit<ErrorAnswer, 'code' | 'issues'> & { code?: string; issues?: Omit<Issue, 'code'>[] } & Record<string, unknown>;

const isRefusal = (payload: unknown): payload is Refusal =>
  typeof payload === 'object' && payload !== null && typeof (payload as { message?: unknown }).message === 'string';

/** A refusal as the reader gets it: its message and each issue's in their language, each with its code. */
export function localizedRefusal(refusal: Refusal, statusCode: number, locale: Locale): ErrorAnswer & Record<string, unknown> {
  const { message, code, issues, ...rest } = refusal;
  return {
    ...rest,
    message: translate(message, locale),
    code: code ?? messageCode(message, statusCode),
    ...(issues && { issues: issues.map((issue) => ({ path: issue.path, message: translate(issue.message, locale), code: messageCode(issue.message, statusCode) })) }),
  };
}

/**
 * Every refusal and failure of the app (a 4xx or 5xx answer with a `message`) in the reader's
 * language, with its code: the domain and the routes word them in English, and only here, at the
 * edge, are they said in the reader's language.
 */
export function registerLocalizedAnswers(app: FastifyInstance, localeOf: LocaleOf): void {
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (reply.statusCode < 400 || !isRefusal(payload)) return payload;
    return localizedRefusal(payload, reply.statusCode, await localeOf(request));
  });
}

/** The strings under `fields` (a field's own, or its list's), at any depth of `value`, said in `locale`: only texts the catalogs know change. */
export function withTextsIn<T>(value: T, locale: Locale, fields: ReadonlySet<string>, named = false): T {
  if (locale === 'en') return value;
  if (typeof value === 'string') return (named ? translate(value, locale) : value) as T;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item: unknown) => withTextsIn(item, locale, fields, named)) as T;
  return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, withTextsIn(inner, locale, fields, fields.has(name))])) as T;
}

/**
 * A route's hook that says the texts the server words in its answer (a guide's lines, a stool
 * colour's guidance, an age) in the reader's language: the named fields of a successful answer.
 * Values clients match on (a weekly note, a bottle's contents) stay as the API defines them.
 */
export function answerTextsInReadersLanguage(localeOf: LocaleOf, fields: readonly string[]): preSerializationAsyncHookHandler {
  const named = new Set(fields);
  return async (request, reply, payload) => (reply.statusCode < 400 ? withTextsIn(payload, await localeOf(request), named) : payload);
}
