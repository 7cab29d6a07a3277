import type { ChildMember } from '@nightlight/domain/children/child.events';
import { loggedByView, type LoggedBy } from '@nightlight/domain/read-models/children/membership-document';
import { USERS_COLLECTION, type UserDocument } from '@nightlight/domain/read-models/users/user-document';
import type { ReadStore } from '@nightlight/infrastructure/ports/read-store';

/** Who logged an entry, for a write's answer: the family from the child's stream, the name from the users read model. */
export async function loggedByOf(readStore: ReadStore, members: Readonly<Record<string, ChildMember>>, memberId: string): Promise<LoggedBy> {
  const member = members[memberId] ?? null;
  const user = member ? await readStore.collection<UserDocument>(USERS_COLLECTION).findOne({ _id: memberId }, { readOnly: true }) : null;
  return loggedByView(memberId, member, user?.displayName ?? null);
}
