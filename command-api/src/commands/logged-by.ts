import type { ChildMember } from '@nightlight/domain/children/child.events';
import { loggedByView, type LoggedBy } from '@nightlight/domain/read-models/children/membership-document';
import type { PersonalDataCipher } from '@nightlight/infrastructure/crypto/personal-data-cipher';
import type { ReadStore } from '@nightlight/infrastructure/ports/read-store';
import { displayNameOf } from '@nightlight/infrastructure/read-store/personal-fields';

/** Who logged an entry, for a write's answer: the family from the child's stream, the name from the users read model. */
export async function loggedByOf(readStore: ReadStore, cipher: PersonalDataCipher, members: Readonly<Record<string, ChildMember>>, memberId: string): Promise<LoggedBy> {
  const member = members[memberId] ?? null;
  return loggedByView(memberId, member, member ? await displayNameOf(readStore, cipher, memberId) : null);
}
