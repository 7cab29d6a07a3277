import { USERS_COLLECTION, type UserDocument } from '@nightlight/domain/read-models/users/user-document';
import type { Units } from '@nightlight/domain/units/units';
import type { ReadStore } from '../ports/read-store';

/** The units a user reads amounts in, from the users read model; null until they choose. */
export async function readerUnits(readStore: ReadStore, userId: string): Promise<Units | null> {
  const user = await readStore.collection<UserDocument>(USERS_COLLECTION).findOne({ _id: userId }, { readOnly: true });
  return user?.units ?? null;
}
