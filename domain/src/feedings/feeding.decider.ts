import { NotFoundError } from '../shared/domain-event';
import type { FeedingDetails, FeedingEvent, FeedingState } from './feeding.events';

type FeedingRef = { feedingId: string; childId: string; ownerId: string };
export type LogFeeding = { type: 'LogFeeding'; data: FeedingRef & FeedingDetails };
export type CorrectFeeding = { type: 'CorrectFeeding'; data: FeedingRef & FeedingDetails };
export type DeleteFeeding = { type: 'DeleteFeeding'; data: { feedingId: string; ownerId: string } };
export type FeedingCommand = LogFeeding | CorrectFeeding | DeleteFeeding;

function assertOwned(state: FeedingState, ownerId: string): asserts state is FeedingState & { ref: FeedingRef } {
  if (state.status !== 'logged' || state.ref?.ownerId !== ownerId) throw new NotFoundError('Feeding not found');
}

export function decideFeeding(command: FeedingCommand, state: FeedingState): FeedingEvent[] {
  switch (command.type) {
    case 'LogFeeding':
      // The same id logged again is a retry of the same tap, not a second feeding.
      if (state.status !== 'none') return [];
      return [{ type: 'FeedingLogged', data: command.data }];
    case 'CorrectFeeding':
      assertOwned(state, command.data.ownerId);
      if (command.data.childId !== state.ref.childId) throw new NotFoundError('Feeding not found');
      return [{ type: 'FeedingCorrected', data: command.data }];
    case 'DeleteFeeding':
      assertOwned(state, command.data.ownerId);
      return [{ type: 'FeedingDeleted', data: state.ref }];
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}
