import { NotFoundError, type SealedText } from '../shared/domain-event';
import type { DiaperDetails, DiaperEvent, DiaperState } from './diaper.events';

const NOT_FOUND = 'Diaper change not found';

type DiaperRef = { diaperId: string; childId: string; ownerId: string };
export type LogDiaper = { type: 'LogDiaper'; data: DiaperRef & DiaperDetails };
export type CorrectDiaper = { type: 'CorrectDiaper'; data: DiaperRef & DiaperDetails };
/** Any member of the child's family may correct or delete it; `ownerId` stays the member who logged it. */
export type DeleteDiaper = { type: 'DeleteDiaper'; data: { diaperId: string } };
export type ResealDiaperNotes = { type: 'ResealDiaperNotes'; data: { diaperId: string; notes: SealedText } };
/** Undo of a deletion: the diaper comes back as it was; restoring one that is there changes nothing. */
export type RestoreDiaper = { type: 'RestoreDiaper'; data: { diaperId: string } };
export type DiaperCommand = LogDiaper | CorrectDiaper | DeleteDiaper | ResealDiaperNotes | RestoreDiaper;

function assertLogged(state: DiaperState): asserts state is DiaperState & { ref: DiaperRef } {
  if (state.status !== 'logged' || !state.ref) throw new NotFoundError(NOT_FOUND);
}

export function decideDiaper(command: DiaperCommand, state: DiaperState): DiaperEvent[] {
  switch (command.type) {
    case 'LogDiaper':
      // The same id logged again is a retry of the same tap, not a second change.
      if (state.status !== 'none') return [];
      return [{ type: 'DiaperChanged', data: command.data }];
    case 'CorrectDiaper':
      assertLogged(state);
      if (command.data.childId !== state.ref.childId) throw new NotFoundError(NOT_FOUND);
      return [{ type: 'DiaperCorrected', data: { ...command.data, ownerId: state.ref.ownerId } }];
    case 'DeleteDiaper':
      assertLogged(state);
      return [{ type: 'DiaperDeleted', data: state.ref }];
    case 'RestoreDiaper':
      if (state.status === 'logged') return [];
      if (state.status !== 'deleted' || !state.ref || !state.details) throw new NotFoundError(NOT_FOUND);
      return [{ type: 'DiaperRestored', data: { ...state.ref, ...state.details } }];
    case 'ResealDiaperNotes':
      assertLogged(state);
      return [{ type: 'DiaperNotesResealed', data: { ...command.data, ...state.ref } }];
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}
