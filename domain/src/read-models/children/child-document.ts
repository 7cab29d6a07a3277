import type { ChildRole, Sex } from '../../children/child.events';
import type { SealedText } from '../../shared/domain-event';

export const CHILDREN_COLLECTION = 'children';

/** What a child document holds besides its name and birth date. */
interface ChildFacts {
  _id: string;
  /** The parent who added the child. */
  ownerId: string;
  sex: Sex;
  nightWindowStart: string;
  nightWindowEnd: string;
  timezone: string;
  /** Whether a parent agreed to research with the child's anonymised data; null while none has said. */
  researchConsent: boolean | null;
  /** Position of ChildRegistered: children are listed in the order they were added. */
  registeredAt: number;
  position: number;
}

/**
 * A child as the members of its family see it. Its name and birth date stay sealed, as the events
 * hold them (with the child's key, or the key of the parent who added it before children had keys),
 * and are opened when answering: no read store holds them in the clear.
 */
export interface ChildDocument extends ChildFacts {
  sealedDisplayName: SealedText;
  sealedBirthDate: SealedText;
  [key: string]: unknown;
}

/** A child document with its name and birth date opened ('' for what cannot be opened any more). */
export interface OpenedChild extends ChildFacts {
  displayName: string;
  birthDate: string;
}

/** A child as the API answers with it, from a write or a read: its profile under its id, and the caller's role. */
export type ChildView = { id: string; role: ChildRole } & Pick<OpenedChild, 'displayName' | 'birthDate' | 'sex' | 'nightWindowStart' | 'nightWindowEnd' | 'timezone' | 'researchConsent'>;

export function childApiView(doc: OpenedChild, role: ChildRole): ChildView {
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
