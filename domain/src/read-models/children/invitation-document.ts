import type { ChildRole } from '../../children/child.events';

export const INVITATIONS_COLLECTION = 'invitations';

/** An invitation to a child's family: pending until it is accepted, revoked or expires. */
export interface InvitationDocument {
  /** The keyed digest of the code: the code is looked up by it. */
  _id: string;
  childId: string;
  role: ChildRole;
  invitedBy: string;
  expiresAt: string;
  /** The code, sealed with the child's key, for the parents' list. */
  sealedCode: string;
  status: 'pending' | 'accepted' | 'revoked';
  issuedAt: number;
  position: number;
  [key: string]: unknown;
}

export const invitationUrl = (code: string): string => `/join/${code}`;
