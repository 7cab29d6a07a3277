import { USERS_COLLECTION, type UserDocument } from '@nightlight/domain/read-models/users/user-document';
import { effectiveUnits, type Units } from '@nightlight/domain/units/units';
import type { ReadStore } from '../ports/read-store';

/**
 * The units a user reads amounts in: their choice from the users read model, else their browser's
 * (`acceptLanguage`, the request's header), else null (amounts as they were entered).
 */
export async function readerUnits(readStore: ReadStore, userId: string, acceptLanguage?: string | null): Promise<Units | null> {
  const user = await readStore.collection<UserDocument>(USERS_COLLECTION).findOne({ _id: userId }, { readOnly: true });
  return effectiveUnits(user?.units ?? null, acceptLanguage);
}
