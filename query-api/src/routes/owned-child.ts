import { CHILDREN_COLLECTION, type ChildDocument } from '@nightlight/domain/read-models/children/child-document';
import { HttpError } from '@nightlight/infrastructure/http/http-errors';
import type { ReadStore } from '@nightlight/infrastructure/ports/read-store';

/** The user's child from the read model; anyone else's, or none, is 404. */
export async function findOwnedChild(readStore: ReadStore, childId: string, userId: string): Promise<ChildDocument> {
  const child = await readStore.collection<ChildDocument>(CHILDREN_COLLECTION).findOne({ _id: childId, ownerId: userId }, { readOnly: true });
  if (!child) throw new HttpError(404, 'Child not found');
  return child;
}
