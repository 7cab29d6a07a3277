import { ConflictError, ForbiddenError, GoneError, NotFoundError } from '../shared/domain-event';
import { instantMs } from '../time/zoned-time';
import type { ChildEvent, ChildProfileData, ChildRole, ChildState } from './child.events';

export const PARENT_ONLY = 'Only a parent of this child can do that';
export const LAST_PARENT = 'A child needs at least one parent';
export const EARLIER_PARENT = 'Only a parent who joined before them can change their role or remove them';
export const INVITATION_NOT_FOUND = 'Invitation not found';

/** `actorId` is the member asking; the events keep the child's first parent as `ownerId`. */
export type RegisterChild = { type: 'RegisterChild'; data: ChildProfileData & { childId: string; ownerId: string } };
export type UpdateChildProfile = { type: 'UpdateChildProfile'; data: ChildProfileData & { childId: string; actorId: string } };
export type RemoveChild = { type: 'RemoveChild'; data: { childId: string; actorId: string } };
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
export type ChildCommand = RegisterChild | UpdateChildProfile | RemoveChild | AnonymizeChild | IssueInvitation | RevokeInvitation | AcceptInvitation | ChangeMemberRole | RemoveMember;

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

/** Why an invitation cannot be used any more, or null while it can. */
export function invitationRefusal(state: ChildState, invitationId: string, now: Date): string | null {
  const invitation = state.invitations[invitationId];
  if (!invitation || state.status !== 'active') throw new NotFoundError(INVITATION_NOT_FOUND);
  if (invitation.status === 'accepted') return 'This invitation was already used';
  if (invitation.status === 'revoked') return 'This invitation was withdrawn';
  if (instantMs(invitation.expiresAt) <= now.getTime()) return 'This invitation has expired';
  return null;
}

export function decideChild(command: ChildCommand, state: ChildState): ChildEvent[] {
  switch (command.type) {
    case 'RegisterChild':
      // A retried registration with the same id is the same fact, not a second child.
      if (state.status !== 'none') return [];
      return [{ type: 'ChildRegistered', data: command.data }];
    case 'UpdateChildProfile': {
      const { actorId, ...profile } = command.data;
      assertParent(state, actorId);
      return [{ type: 'ChildProfileUpdated', data: { ...profile, ownerId: state.ownerId } }];
    }
    case 'RemoveChild':
      assertParent(state, command.data.actorId);
      return [{ type: 'ChildRemoved', data: { childId: state.childId, ownerId: state.ownerId } }];
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
      return [{ type: 'ChildMemberRoleChanged', data: { childId, memberId, role } }];
    }
    case 'RemoveMember': {
      const { childId, actorId, memberId } = command.data;
      if (actorId === memberId) assertMember(state, actorId);
      else assertParent(state, actorId);
      const member = state.members[memberId];
      if (!member) throw new NotFoundError('Member not found');
      if (actorId !== memberId) assertMayManage(state, actorId, memberId);
      if (member.role === 'parent' && parentsOf(state).length === 1) throw new ConflictError(LAST_PARENT);
      return [{ type: 'ChildMemberLeft', data: { childId, memberId } }];
    }
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}
