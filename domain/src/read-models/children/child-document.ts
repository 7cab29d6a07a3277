import type { ChildRole, Sex } from '../../children/child.events';

export const CHILDREN_COLLECTION = 'children';

/** A child as the members of its family see it; name and birth date opened with the child's key. */
export interface ChildDocument {
  _id: string;
  /** The parent who added the child. */
  ownerId: string;
  displayName: string;
  birthDate: string;
  sex: Sex;
  nightWindowStart: string;
  nightWindowEnd: string;
  timezone: string;
  /** Whether a parent agreed to research with the child's anonymised data; null while none has said. */
  researchConsent: boolean | null;
  /** Position of ChildRegistered: children are listed in the order they were added. */
  registeredAt: number;
  position: number;
  [key: string]: unknown;
}

/** A child as the API answers with it, from a write or a read: its profile under its id, and the caller's role. */
export type ChildView = { id: string; role: ChildRole } & Pick<ChildDocument, 'displayName' | 'birthDate' | 'sex' | 'nightWindowStart' | 'nightWindowEnd' | 'timezone' | 'researchConsent'>;

export function childApiView(doc: ChildDocument, role: ChildRole): ChildView {
  return {
    id: doc._id,
    displayName: doc.displayName,
    birthDate: doc.birthDate,
    sex: doc.sex,
    nightWindowStart: doc.nightWindowStart,
    nightWindowEnd: doc.nightWindowEnd,
    timezone: doc.timezone,
    researchConsent: doc.researchConsent,
    role,
  };
}
