import { NotFoundError } from '../shared/domain-event';
import type { ChildEvent, ChildProfileData, ChildState } from './child.events';

export type RegisterChild = { type: 'RegisterChild'; data: ChildProfileData & { childId: string; ownerId: string } };
export type UpdateChildProfile = { type: 'UpdateChildProfile'; data: ChildProfileData & { childId: string; ownerId: string } };
export type RemoveChild = { type: 'RemoveChild'; data: { childId: string; ownerId: string } };
/** `birthMonth` is 'YYYY-MM' of the birth date, opened by the caller before the owner's key is destroyed. */
export type AnonymizeChild = { type: 'AnonymizeChild'; data: { childId: string; ownerId: string; birthMonth: string | null } };
export type ChildCommand = RegisterChild | UpdateChildProfile | RemoveChild | AnonymizeChild;

/** Someone else's child, or one that is gone, is "not found": its existence is not revealed. */
function assertOwnedAndActive(state: ChildState, ownerId: string): void {
  if (state.status !== 'active' || state.ownerId !== ownerId) throw new NotFoundError('Child not found');
}

export function decideChild(command: ChildCommand, state: ChildState): ChildEvent[] {
  switch (command.type) {
    case 'RegisterChild':
      // A retried registration with the same id is the same fact, not a second child.
      if (state.status !== 'none') return [];
      return [{ type: 'ChildRegistered', data: command.data }];
    case 'UpdateChildProfile':
      assertOwnedAndActive(state, command.data.ownerId);
      return [{ type: 'ChildProfileUpdated', data: command.data }];
    case 'RemoveChild':
      assertOwnedAndActive(state, command.data.ownerId);
      return [{ type: 'ChildRemoved', data: command.data }];
    case 'AnonymizeChild': {
      // A removed child was deleted with all its data by its parent: research does not get it back.
      if (state.status !== 'active') return [];
      if (state.ownerId !== command.data.ownerId || !state.profile) return [];
      const { childId, birthMonth } = command.data;
      return [{ type: 'ChildAnonymized', data: { childId, sex: state.profile.sex, birthMonth } }];
    }
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}
