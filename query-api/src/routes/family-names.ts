import { MEMBERSHIPS_COLLECTION, loggedByView, type LoggedBy, type MembershipDocument } from '@nightlight/domain/read-models/children/membership-document';
import { USERS_COLLECTION, type UserDocument } from '@nightlight/domain/read-models/users/user-document';
import type { ReadStore } from '@nightlight/infrastructure/ports/read-store';

/** A member's own display name from the users read model, or null (no name set, or no account any more). */
export async function displayNameOf(readStore: ReadStore, memberId: string): Promise<string | null> {
  const user = await readStore.collection<UserDocument>(USERS_COLLECTION).findOne({ _id: memberId }, { readOnly: true });
  return user?.displayName ?? null;
}

/**
 * Who logged each entry of one child, for one read: the family is read once, each member's name
 * once, however many entries they logged.
 */
export async function loggedByResolver(readStore: ReadStore, childId: string): Promise<(memberId: string) => Promise<LoggedBy>> {
  const members = await readStore.collection<MembershipDocument>(MEMBERSHIPS_COLLECTION).find({ childId }, { readOnly: true });
  const byId = new Map(members.map((member) => [member.memberId, member]));
  const names = new Map<string, Promise<LoggedBy>>();
  return (memberId) => {
    let name = names.get(memberId);
    if (!name) {
      const member = byId.get(memberId) ?? null;
      name = (member ? displayNameOf(readStore, memberId) : Promise.resolve(null)).then((displayName) => loggedByView(memberId, member, displayName));
      names.set(memberId, name);
    }
    return name;
  };
}
