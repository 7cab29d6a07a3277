import { NotFoundError, type SealedText } from '../shared/domain-event';
import type { FeedingDetails, FeedingEvent, FeedingState } from './feeding.events';

const NOT_FOUND = 'Feeding not found';

type FeedingRef = { feedingId: string; childId: string; ownerId: string };
export type LogFeeding = { type: 'LogFeeding'; data: FeedingRef & FeedingDetails };
export type CorrectFeeding = { type: 'CorrectFeeding'; data: FeedingRef & FeedingDetails };
/** Any member of the child's family may correct or delete it (checked on the child's stream); `ownerId` stays the member who logged it. */
export type DeleteFeeding = { type: 'DeleteFeeding'; data: { feedingId: string } };
/** Seals the free text again with the child's key: see FeedingNotesResealed. */
export type ResealFeedingNotes = { type: 'ResealFeedingNotes'; data: { feedingId: string; notes: SealedText } };
/** Undo of a deletion: the feeding comes back as it was; restoring one that is there changes nothing. */
export type RestoreFeeding = { type: 'RestoreFeeding'; data: { feedingId: string } };
export type FeedingCommand = LogFeeding | CorrectFeeding | DeleteFeeding | ResealFeedingNotes | RestoreFeeding;

function assertLogged(state: FeedingState): asserts state is FeedingState & { ref: FeedingRef } {
  if (state.status !== 'logged' || !state.ref) throw new NotFoundError(NOT_FOUND);
}

export function decideFeeding(command: FeedingCommand, state: FeedingState): FeedingEvent[] {
  switch (command.type) {
    case 'LogFeeding':
      // The same id logged again is a retry of the same tap, not a second feeding.
      if (state.status !== 'none') return [];
      return [{ type: 'FeedingLogged', data: command.data }];
    case 'CorrectFeeding':
      assertLogged(state);
      if (command.data.childId !== state.ref.childId) throw new NotFoundError(NOT_FOUND);
      return [{ type: 'FeedingCorrected', data: { ...command.data, ownerId: state.ref.ownerId } }];
    case 'DeleteFeeding':
      assertLogged(state);
      return [{ type: 'FeedingDeleted', data: state.ref }];
    case 'RestoreFeeding':
      if (state.status === 'logged') return [];
      if (state.status !== 'deleted' || !state.ref || !state.details) throw new NotFoundError(NOT_FOUND);
      return [{ type: 'FeedingRestored', data: { ...state.ref, ...state.details } }];
    case 'ResealFeedingNotes':
      assertLogged(state);
      return [{ type: 'FeedingNotesResealed', data: { ...command.data, ...state.ref } }];
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}
