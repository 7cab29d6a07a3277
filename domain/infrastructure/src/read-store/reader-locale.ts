import { USERS_COLLECTION, type UserDocument } from '@nightlight/domain/read-models/users/user-document';
import { effectiveLocale, type Locale } from '@nightlight/domain/users/locales';
import type { ReadStore } from '../ports/read-store';

/**
 * The language a user reads the API's texts in: their choice from the users read model, else their
 * browser's (`acceptLanguage`, the request's header), else English. Without a user (signing in, a
 * refusal before the token was read), the header alone.
 */
export async function readerLocale(readStore: ReadStore, userId: string | undefined, acceptLanguage?: string | null): Promise<Locale> {
  const user = userId ? await readStore.collection<UserDocument>(USERS_COLLECTION).findOne({ _id: userId }, { readOnly: true }) : null;
  return effectiveLocale(user?.locale, acceptLanguage);
}
