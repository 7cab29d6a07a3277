import { ConflictError, ForbiddenError, GoneError, NotFoundError } from '../shared/domain-event';
import { instantMs } from '../time/zoned-time';
import type { ChildEvent, ChildProfileData, ChildRole, ChildState } from './child.events';

export const PARENT_ONLY = 'Only a parent of this child can do that';
export const LAST_PARENT = 'A child needs at least one parent';
export const EARLIER_PARENT = 'Only a parent who joined before them can change their role or remove them';
export const INVITATION_NOT_FOUND = 'Invitation not found';

/**
 * `actorId` is the member asking; the events keep the child's first parent as `ownerId`. A
 * registration may carry the parent's answer about research, asked when they signed up.
 */
export type RegisterChild = { type: 'RegisterChild'; data: ChildProfileData & { childId: string; ownerId: string }; researchConsent?: boolean | undefined };
export type UpdateChildProfile = { type: 'UpdateChildProfile'; data: ChildProfileData & { childId: string; actorId: string } };
export type RemoveChild = { type: 'RemoveChild'; data: { childId: string; actorId: string } };
export type SetResearchConsent = { type: 'SetResearchConsent'; data: { childId: string; actorId: string; consent: boolean } };
/**
 * The last parent deleted their account. `birthMonth` is 'YYYY-MM' of the birth date, opened by
 * the caller before the keys are destroyed.
 */
export type AnonymizeChild = { type: 'AnonymizeChild'; data: { childId: string; ownerId: string; birthMonth: string | null } };
export type IssueInvitation = {
  type: 'IssueInvitation';
  data: { childId: string; actorId: string; invitationId: string; role: ChildRole; code: string; expiresAt: string };
};
export type RevokeInvitation = { type: 'RevokeInvitation'; data: { childId: string; actorId: string; invitationId: string; now: Date } };
export type AcceptInvitation = { type: 'AcceptInvitation'; data: { childId: string; invitationId: string; memberId: string; now: Date } };
export type ChangeMemberRole = { type: 'ChangeMemberRole'; data: { childId: string; actorId: string; memberId: string; role: ChildRole } };
/** A parent removes a member, or a member (`actorId === memberId`) leaves. */
export type RemoveMember = { type: 'RemoveMember'; data: { childId: string; actorId: string; memberId: string } };
export type ChildCommand = RegisterChild | UpdateChildProfile | RemoveChild | SetResearchConsent | AnonymizeChild | IssueInvitation | RevokeInvitation | AcceptInvitation | ChangeMemberRole | RemoveMember;

/** A child one is not a member of, or one that is gone, is "not found": its existence is not revealed. */
export function assertMember(state: ChildState, memberId: string): asserts state is ChildState & { childId: string; ownerId: string } {
  if (state.status !== 'active' || !state.members[memberId]) throw new NotFoundError('Child not found');
}

export function assertParent(state: ChildState, memberId: string): asserts state is ChildState & { childId: string; ownerId: string } {
  assertMember(state, memberId);
  if (state.members[memberId]!.role !== 'parent') throw new ForbiddenError(PARENT_ONLY);
}

/**
 * A parent may change the role of, or remove, any caregiver and any parent who joined after them;
 * a parent who joined earlier (the one who added the child first of all) is theirs to keep.
 */
function assertMayManage(state: ChildState, actorId: string, memberId: string): void {
  const member = state.members[memberId];
  const actor = state.members[actorId];
  if (member && actor && member.role === 'parent' && member.number < actor.number) throw new ForbiddenError(EARLIER_PARENT);
}

export const parentsOf = (state: ChildState): string[] => Object.keys(state.members).filter((id) => state.members[id]!.role === 'parent');

export const INVITATION_WITHDRAWN = 'This invitation was withdrawn';

/**
 * Why an invitation cannot be used any more, or null while it can. An invitation speaks for the
 * parent who issued it: once they are no longer a parent of the child (removed, left, made a
 * caregiver, account deleted), it is withdrawn, also when the log recorded no withdrawal for it
 * (issued before removals withdrew invitations).
 */
export function invitationRefusal(state: ChildState, invitationId: string, now: Date): string | null {
  const invitation = state.invitations[invitationId];
  if (!invitation || state.status !== 'active') throw new NotFoundError(INVITATION_NOT_FOUND);
  if (invitation.status === 'accepted') return 'This invitation was already used';
  if (invitation.status === 'revoked' || state.members[invitation.invitedBy]?.role !== 'parent') return INVITATION_WITHDRAWN;
  if (instantMs(invitation.expiresAt) <= now.getTime()) return 'This invitation has expired';
  return null;
}

/** The withdrawal of every invitation still pending that a member issued: they can no longer speak for the family. */
function withdrawInvitationsOf(state: ChildState, childId: string, memberId: string): ChildEvent[] {
  return Object.entries(state.invitations)
    .filter(([, invitation]) => invitation.invitedBy === memberId && invitation.status === 'pending')
    .map(([invitationId]) => ({ type: 'ChildInvitationRevoked', data: { childId, invitationId } }));
}

export function decideChild(command: ChildCommand, state: ChildState): ChildEvent[] {
  switch (command.type) {
    case 'RegisterChild':
      // A retried registration with the same id is the same fact, not a second child.
      if (state.status !== 'none') return [];
      if (command.researchConsent === undefined) return [{ type: 'ChildRegistered', data: command.data }];
      return [
        { type: 'ChildRegistered', data: command.data },
        { type: 'ChildResearchConsentChanged', data: { childId: command.data.childId, consent: command.researchConsent } },
      ];
    case 'UpdateChildProfile': {
      const { actorId, ...profile } = command.data;
      assertParent(state, actorId);
      return [{ type: 'ChildProfileUpdated', data: { ...profile, ownerId: state.ownerId } }];
    }
    case 'RemoveChild':
      assertParent(state, command.data.actorId);
      return [{ type: 'ChildRemoved', data: { childId: state.childId, ownerId: state.ownerId } }];
    case 'SetResearchConsent': {
      const { childId, actorId, consent } = command.data;
      assertParent(state, actorId);
      // The same answer again changes nothing, and records nothing.
      if (state.researchConsent === consent) return [];
      return [{ type: 'ChildResearchConsentChanged', data: { childId, consent } }];
    }
    case 'AnonymizeChild': {
      // A removed child was deleted with all its data by its parent: research does not get it back.
      if (state.status !== 'active' || !state.profile) return [];
      // Only when the last parent leaves: with another parent the child stays with them.
      if (parentsOf(state).join() !== command.data.ownerId) return [];
      const { childId, birthMonth } = command.data;
      return [{ type: 'ChildAnonymized', data: { childId, sex: state.profile.sex, birthMonth } }];
    }
    case 'IssueInvitation': {
      const { actorId, ...invitation } = command.data;
      assertParent(state, actorId);
      if (state.invitations[invitation.invitationId]) return [];
      return [{ type: 'ChildInvitationIssued', data: { ...invitation, invitedBy: actorId } }];
    }
    case 'RevokeInvitation': {
      const { childId, actorId, invitationId, now } = command.data;
      assertParent(state, actorId);
      const refusal = invitationRefusal(state, invitationId, now);
      if (refusal) throw new GoneError(refusal);
      return [{ type: 'ChildInvitationRevoked', data: { childId, invitationId } }];
    }
    case 'AcceptInvitation': {
      const { childId, invitationId, memberId, now } = command.data;
      const refusal = invitationRefusal(state, invitationId, now);
      if (refusal) throw new GoneError(refusal);
      if (state.members[memberId]) throw new ConflictError('You are already a member of this family');
      const { role } = state.invitations[invitationId]!;
      return [{ type: 'ChildMemberJoined', data: { childId, memberId, role, number: state.membersEver + 1, invitationId } }];
    }
    case 'ChangeMemberRole': {
      const { childId, actorId, memberId, role } = command.data;
      assertParent(state, actorId);
      const member = state.members[memberId];
      if (!member) throw new NotFoundError('Member not found');
      if (actorId !== memberId) assertMayManage(state, actorId, memberId);
      if (member.role === role) return [];
      if (member.role === 'parent' && parentsOf(state).length === 1) throw new ConflictError(LAST_PARENT);
      // A parent made a caregiver takes back the invitations they issued as a parent.
      const withdrawn = role === 'caregiver' ? withdrawInvitationsOf(state, childId, memberId) : [];
      return [{ type: 'ChildMemberRoleChanged', data: { childId, memberId, role } }, ...withdrawn];
    }
    case 'RemoveMember': {
      const { childId, actorId, memberId } = command.data;
      if (actorId === memberId) assertMember(state, actorId);
      else assertParent(state, actorId);
      const member = state.members[memberId];
      if (!member) throw new NotFoundError('Member not found');
      if (actorId !== memberId) assertMayManage(state, actorId, memberId);
      if (member.role === 'parent' && parentsOf(state).length === 1) throw new ConflictError(LAST_PARENT);
      return [{ type: 'ChildMemberLeft', data: { childId, memberId } }, ...withdrawInvitationsOf(state, childId, memberId)];
    }
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}
