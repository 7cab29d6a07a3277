import type { ChildDocument, OpenedChild } from '@nightlight/domain/read-models/children/child-document';
import { USERS_COLLECTION, type OpenedUserFields, type UserDocument } from '@nightlight/domain/read-models/users/user-document';
import type { PersonalDataCipher } from '../crypto/personal-data-cipher';
import type { ReadStore } from '../ports/read-store';

/*
 * The read models keep names, birth dates and e-mails sealed, as the events do; they are opened
 * here, when an answer needs them, with the key of their owner. A key destroyed since opens nothing.
 */

/** A child's document with its name and birth date opened ('' for what can no longer be opened). */
export async function openChild(cipher: PersonalDataCipher, doc: ChildDocument): Promise<OpenedChild> {
  const { sealedDisplayName, sealedBirthDate, ...facts } = doc;
  const [displayName, birthDate] = await Promise.all([
    cipher.openForChild(doc._id, doc.ownerId, sealedDisplayName),
    cipher.openForChild(doc._id, doc.ownerId, sealedBirthDate),
  ]);
  return { ...facts, displayName: displayName ?? '', birthDate: birthDate ?? '' };
}

/** A user's e-mail and display name, opened with their key ('' and null once it is destroyed). */
export async function openUser(cipher: PersonalDataCipher, doc: UserDocument): Promise<OpenedUserFields> {
  const [email, displayName] = await Promise.all([
    cipher.open(doc._id, doc.sealedEmail),
    doc.sealedDisplayName === null ? null : cipher.open(doc._id, doc.sealedDisplayName),
  ]);
  return { email: email ?? '', displayName };
}

/** A member's own display name, or null (no name set, or no account any more). */
export async function displayNameOf(readStore: ReadStore, cipher: PersonalDataCipher, userId: string): Promise<string | null> {
  const user = await readStore.collection<UserDocument>(USERS_COLLECTION).findOne({ _id: userId }, { readOnly: true });
  return user?.sealedDisplayName ? cipher.open(userId, user.sealedDisplayName) : null;
}
