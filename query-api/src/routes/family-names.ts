import { MEMBERSHIPS_COLLECTION, loggedByView, type LoggedBy, type MembershipDocument } from '@nightlight/domain/read-models/children/membership-document';
import type { PersonalDataCipher } from '@nightlight/infrastructure/crypto/personal-data-cipher';
import type { ReadStore } from '@nightlight/infrastructure/ports/read-store';
import { displayNameOf } from '@nightlight/infrastructure/read-store/personal-fields';

/**
 * Who logged each entry of one child, for one read: the family is read once, each member's name
 * once, however many entries they logged.
 */
export async function loggedByResolver(readStore: ReadStore, cipher: PersonalDataCipher, childId: string): Promise<(memberId: string) => Promise<LoggedBy>> {
  const members = await readStore.collection<MembershipDocument>(MEMBERSHIPS_COLLECTION).find({ childId }, { readOnly: true });
  const byId = new Map(members.map((member) => [member.memberId, member]));
  const names = new Map<string, Promise<LoggedBy>>();
  return (memberId) => {
    let name = names.get(memberId);
    if (!name) {
      const member = byId.get(memberId) ?? null;
      name = (member ? displayNameOf(readStore, cipher, memberId) : Promise.resolve(null)).then((displayName) => loggedByView(memberId, member, displayName));
      names.set(memberId, name);
    }
    return name;
  };
}
