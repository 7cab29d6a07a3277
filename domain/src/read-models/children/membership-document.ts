import type { ChildRole } from '../../children/child.events';

export const MEMBERSHIPS_COLLECTION = 'memberships';

/** One member of one child's family: who may see the child, and whether they may run it. */
export interface MembershipDocument {
  _id: string;
  childId: string;
  memberId: string;
  role: ChildRole;
  /** The member's number in this family, in the order they joined (the first parent is 1). */
  number: number;
  position: number;
  [key: string]: unknown;
}

export const membershipId = (childId: string, memberId: string): string => `${childId}:${memberId}`;

/**
 * What other members see of someone who set no display name: their number in the family, never
 * their role ('Parent' would stand for a person, and two of them would look alike).
 */
export const unnamedMember = (number: number): string => `Member ${number}`;
/** Who logged an entry, once they are no longer in the family (left, removed, or deleted their account). */
export const FORMER_MEMBER = 'Former member';

export interface Member {
  memberId: string;
  displayName: string;
  role: ChildRole;
  isYou: boolean;
}

/** A member as the other members see them: their own display name, else their number; never their e-mail. */
export function memberView(membership: MembershipDocument, displayName: string | null, viewerId: string): Member {
  return { memberId: membership.memberId, displayName: displayName ?? unnamedMember(membership.number), role: membership.role, isYou: membership.memberId === viewerId };
}

export interface LoggedBy {
  memberId: string;
  displayName: string;
}

/** Who logged an entry, as the family sees it: `member` is their place in it while they are a member. */
export function loggedByView(memberId: string, member: { number: number } | null, displayName: string | null): LoggedBy {
  if (!member) return { memberId, displayName: FORMER_MEMBER };
  return { memberId, displayName: displayName ?? unnamedMember(member.number) };
}
