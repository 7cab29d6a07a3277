import type { DomainEvent, SealedText } from '../shared/domain-event';

export type Sex = 'Female' | 'Male' | 'Unknown';

export const DEFAULT_NIGHT_WINDOW_START = '19:00';
export const DEFAULT_NIGHT_WINDOW_END = '08:00';

/**
 * Name and birth date are sealed with the child's data key before they are recorded (children
 * added before children had keys: with the key of the parent who added them).
 */
export interface ChildProfileData {
  displayName: SealedText;
  birthDate: SealedText;
  sex: Sex;
  nightWindowStart: string;
  nightWindowEnd: string;
  timezone: string;
}

/** `ownerId` is the parent who added the child, its first parent; it stays so on every later event. */
export type ChildRegistered = DomainEvent<'ChildRegistered', ChildProfileData & { childId: string; ownerId: string }>;
export type ChildProfileUpdated = DomainEvent<'ChildProfileUpdated', ChildProfileData & { childId: string; ownerId: string }>;
export type ChildRemoved = DomainEvent<'ChildRemoved', { childId: string; ownerId: string }>;
/**
 * The owner deleted their account: the child's personal data is shredded with the owner's key.
 * What research needs is kept here without personal data: the sex and the birth month ('YYYY-MM').
 * Neither the date shift nor a shifted birth date is recorded: the shift follows from the research
 * secret, and beside it a shifted date would give the real birth date back to whoever holds both.
 */
export type ChildAnonymized = DomainEvent<'ChildAnonymized', { childId: string; sex: Sex; birthMonth: string | null }>;

/**
 * A parent said whether the child's anonymised data may go to research (docs/research.md). A child
 * recorded before this was asked has none: it is not exported until a parent says yes.
 */
export type ChildResearchConsentChanged = DomainEvent<'ChildResearchConsentChanged', { childId: string; consent: boolean }>;

export type ChildRole = 'parent' | 'caregiver';
export const CHILD_ROLES: readonly ChildRole[] = ['parent', 'caregiver'];

/**
 * An invitation to the child's family. `invitationId` is a keyed digest of the code, so the log
 * never holds a code anyone could still use; the code itself is sealed with the child's key for the
 * parents' list of pending invitations.
 */
export type ChildInvitationIssued = DomainEvent<
  'ChildInvitationIssued',
  { childId: string; invitationId: string; role: ChildRole; invitedBy: string; expiresAt: string; code: SealedText }
>;
export type ChildInvitationRevoked = DomainEvent<'ChildInvitationRevoked', { childId: string; invitationId: string }>;
/** `number` is the member's number within this child's family: what research may know of who logged what. */
export type ChildMemberJoined = DomainEvent<'ChildMemberJoined', { childId: string; memberId: string; role: ChildRole; number: number; invitationId: string }>;
export type ChildMemberRoleChanged = DomainEvent<'ChildMemberRoleChanged', { childId: string; memberId: string; role: ChildRole }>;
/** Removed by a parent, left, or deleted their account. */
export type ChildMemberLeft = DomainEvent<'ChildMemberLeft', { childId: string; memberId: string }>;

export type ChildFamilyEvent = ChildInvitationIssued | ChildInvitationRevoked | ChildMemberJoined | ChildMemberRoleChanged | ChildMemberLeft;
export type ChildEvent = ChildRegistered | ChildProfileUpdated | ChildRemoved | ChildAnonymized | ChildResearchConsentChanged | ChildFamilyEvent;

export type ChildStatus = 'none' | 'active' | 'removed' | 'anonymized';

export interface ChildMember {
  role: ChildRole;
  number: number;
}

export interface ChildInvitation {
  role: ChildRole;
  invitedBy: string;
  expiresAt: string;
  code: SealedText;
  status: 'pending' | 'accepted' | 'revoked';
}

export interface ChildState {
  status: ChildStatus;
  childId: string | null;
  /** The parent who added the child. */
  ownerId: string | null;
  profile: ChildProfileData | null;
  members: Readonly<Record<string, ChildMember>>;
  /** How many members ever joined: the next one is given the next number. */
  membersEver: number;
  invitations: Readonly<Record<string, ChildInvitation>>;
  /** Whether research may have the child's anonymised data; null while no parent has said. */
  researchConsent: boolean | null;
}

export const initialChildState = (): ChildState => ({
  status: 'none',
  childId: null,
  ownerId: null,
  profile: null,
  members: {},
  membersEver: 0,
  invitations: {},
  researchConsent: null,
});

function withoutKey<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  const { [key]: _removed, ...rest } = record;
  return rest;
}

export function evolveChild(state: ChildState, event: { type: string; data: unknown }): ChildState {
  const e = event as ChildEvent;
  switch (e.type) {
    case 'ChildRegistered': {
      const { childId, ownerId, ...profile } = e.data;
      return { ...initialChildState(), status: 'active', childId, ownerId, profile, members: { [ownerId]: { role: 'parent', number: 1 } }, membersEver: 1 };
    }
    case 'ChildProfileUpdated': {
      const { childId: _childId, ownerId: _ownerId, ...profile } = e.data;
      return { ...state, profile };
    }
    case 'ChildRemoved':
      return { ...state, status: 'removed' };
    case 'ChildAnonymized':
      return { ...state, status: 'anonymized', ownerId: null, profile: null, members: {}, invitations: {} };
    case 'ChildResearchConsentChanged':
      return { ...state, researchConsent: e.data.consent };
    case 'ChildInvitationIssued': {
      const { childId: _childId, invitationId, ...invitation } = e.data;
      return { ...state, invitations: { ...state.invitations, [invitationId]: { ...invitation, status: 'pending' } } };
    }
    case 'ChildInvitationRevoked': {
      const invitation = state.invitations[e.data.invitationId];
      return invitation ? { ...state, invitations: { ...state.invitations, [e.data.invitationId]: { ...invitation, status: 'revoked' } } } : state;
    }
    case 'ChildMemberJoined': {
      const invitation = state.invitations[e.data.invitationId];
      return {
        ...state,
        members: { ...state.members, [e.data.memberId]: { role: e.data.role, number: e.data.number } },
        membersEver: Math.max(state.membersEver, e.data.number),
        invitations: invitation ? { ...state.invitations, [e.data.invitationId]: { ...invitation, status: 'accepted' } } : state.invitations,
      };
    }
    case 'ChildMemberRoleChanged': {
      const member = state.members[e.data.memberId];
      return member ? { ...state, members: { ...state.members, [e.data.memberId]: { ...member, role: e.data.role } } } : state;
    }
    case 'ChildMemberLeft':
      return { ...state, members: withoutKey(state.members, e.data.memberId) };
    default:
      return state;
  }
}
