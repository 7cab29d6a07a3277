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

/** A pending invitation as its child's parents see it in the list. */
export interface InvitationView {
  code: string;
  /** '/join/{code}': the page that accepts it. */
  url: string;
  role: ChildRole;
  expiresAt: string;
  /** The inviting parent's display name, else 'Parent'. */
  invitedBy: string;
}

/** A new invitation, as the parent who issued it gets it. */
export type IssuedInvitation = Omit<InvitationView, 'invitedBy'>;

/** What the invitation's page shows before it is accepted: no e-mail, no birth date. */
export interface InvitationPreview {
  childDisplayName: string;
  role: ChildRole;
  invitedBy: string;
  expiresAt: string;
}
