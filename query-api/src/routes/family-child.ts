import { PARENT_ONLY } from '@nightlight/domain/children/child.decider';
import type { ChildRole } from '@nightlight/domain/children/child.events';
import { CHILDREN_COLLECTION, type ChildDocument, type OpenedChild } from '@nightlight/domain/read-models/children/child-document';
import { MEMBERSHIPS_COLLECTION, membershipId, type MembershipDocument } from '@nightlight/domain/read-models/children/membership-document';
import { HttpError } from '@nightlight/infrastructure/http/http-errors';
import type { PersonalDataCipher } from '@nightlight/infrastructure/crypto/personal-data-cipher';
import type { ReadStore } from '@nightlight/infrastructure/ports/read-store';
import { openChild } from '@nightlight/infrastructure/read-store/personal-fields';

export interface FamilyChild {
  child: ChildDocument;
  role: ChildRole;
}

/**
 * A child of the user's family from the read models, with the user's role: a child they are not a
 * member of, or none, is 404; a caregiver asking for a parent's view is 403.
 */
export async function findChildAs(readStore: ReadStore, childId: string, userId: string, need: 'member' | 'parent' = 'member'): Promise<FamilyChild> {
  const membership = await readStore.collection<MembershipDocument>(MEMBERSHIPS_COLLECTION).findOne({ _id: membershipId(childId, userId) }, { readOnly: true });
  const child = membership && (await readStore.collection<ChildDocument>(CHILDREN_COLLECTION).findOne({ _id: childId }, { readOnly: true }));
  if (!membership || !child) throw new HttpError(404, 'Child not found');
  if (need === 'parent' && membership.role !== 'parent') throw new HttpError(403, PARENT_ONLY);
  return { child, role: membership.role };
}

/** As findChildAs, with the child's name and birth date opened, for an answer that shows or counts from them. */
export async function findOpenedChildAs(
  readStore: ReadStore,
  cipher: PersonalDataCipher,
  childId: string,
  userId: string,
  need: 'member' | 'parent' = 'member',
): Promise<{ child: OpenedChild; role: ChildRole }> {
  const { child, role } = await findChildAs(readStore, childId, userId, need);
  return { child: await openChild(cipher, child), role };
}
