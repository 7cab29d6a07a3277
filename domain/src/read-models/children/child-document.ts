import type { Sex } from '../../children/child.events';

export const CHILDREN_COLLECTION = 'children';

/** A child as its owner sees it; name and birth date opened with the owner's key. */
export interface ChildDocument {
  _id: string;
  ownerId: string;
  displayName: string;
  birthDate: string;
  sex: Sex;
  nightWindowStart: string;
  nightWindowEnd: string;
  timezone: string;
  /** Position of ChildRegistered: children are listed in the order they were added. */
  registeredAt: number;
  position: number;
  [key: string]: unknown;
}

/** A child as the API answers with it, from a write or a read: its profile under its id. */
export type ChildView = { id: string } & Pick<ChildDocument, 'displayName' | 'birthDate' | 'sex' | 'nightWindowStart' | 'nightWindowEnd' | 'timezone'>;

export function childApiView(doc: ChildDocument): ChildView {
  return {
    id: doc._id,
    displayName: doc.displayName,
    birthDate: doc.birthDate,
    sex: doc.sex,
    nightWindowStart: doc.nightWindowStart,
    nightWindowEnd: doc.nightWindowEnd,
    timezone: doc.timezone,
  };
}
