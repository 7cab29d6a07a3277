import { NotFoundError, type SealedText } from '../shared/domain-event';
import type { PumpingDetails, PumpingEvent, PumpingState } from './pumping.events';

const NOT_FOUND = 'Pumping session not found';

type PumpingRef = { pumpingId: string; childId: string; ownerId: string };
export type LogPumping = { type: 'LogPumping'; data: PumpingRef & PumpingDetails };
export type CorrectPumping = { type: 'CorrectPumping'; data: PumpingRef & PumpingDetails };
export type DeletePumping = { type: 'DeletePumping'; data: { pumpingId: string } };
export type ResealPumpingNotes = { type: 'ResealPumpingNotes'; data: { pumpingId: string; notes: SealedText } };
/** Undo of a deletion: the session comes back as it was; restoring one that is there changes nothing. */
export type RestorePumping = { type: 'RestorePumping'; data: { pumpingId: string } };
export type PumpingCommand = LogPumping | CorrectPumping | DeletePumping | ResealPumpingNotes | RestorePumping;

function assertLogged(state: PumpingState): asserts state is PumpingState & { ref: PumpingRef } {
  if (state.status !== 'logged' || !state.ref) throw new NotFoundError(NOT_FOUND);
}

export function decidePumping(command: PumpingCommand, state: PumpingState): PumpingEvent[] {
  switch (command.type) {
    case 'LogPumping':
      // The same id logged again is a retry of the same tap.
      if (state.status !== 'none') return [];
      return [{ type: 'PumpingLogged', data: command.data }];
    case 'CorrectPumping':
      assertLogged(state);
      if (command.data.childId !== state.ref.childId) throw new NotFoundError(NOT_FOUND);
      return [{ type: 'PumpingCorrected', data: { ...command.data, ownerId: state.ref.ownerId } }];
    case 'DeletePumping':
      assertLogged(state);
      return [{ type: 'PumpingDeleted', data: state.ref }];
    case 'RestorePumping':
      if (state.status === 'logged') return [];
      if (state.status !== 'deleted' || !state.ref || !state.details) throw new NotFoundError(NOT_FOUND);
      return [{ type: 'PumpingRestored', data: { ...state.ref, ...state.details } }];
    case 'ResealPumpingNotes':
      assertLogged(state);
      return [{ type: 'PumpingNotesResealed', data: { ...command.data, ...state.ref } }];
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}
