import { NotFoundError, type SealedText } from '../shared/domain-event';
import type { DiaperDetails, DiaperEvent, DiaperState } from './diaper.events';

type DiaperRef = { diaperId: string; childId: string; ownerId: string };
export type LogDiaper = { type: 'LogDiaper'; data: DiaperRef & DiaperDetails };
export type CorrectDiaper = { type: 'CorrectDiaper'; data: DiaperRef & DiaperDetails };
/** Any member of the child's family may correct or delete it; `ownerId` stays the member who logged it. */
export type DeleteDiaper = { type: 'DeleteDiaper'; data: { diaperId: string } };
export type ResealDiaperNotes = { type: 'ResealDiaperNotes'; data: { diaperId: string; notes: SealedText } };
export type DiaperCommand = LogDiaper | CorrectDiaper | DeleteDiaper | ResealDiaperNotes;

function assertLogged(state: DiaperState): asserts state is DiaperState & { ref: DiaperRef } {
  if (state.status !== 'logged' || !state.ref) throw new NotFoundError('Diaper change not found');
}

export function decideDiaper(command: DiaperCommand, state: DiaperState): DiaperEvent[] {
  switch (command.type) {
    case 'LogDiaper':
      // The same id logged again is a retry of the same tap, not a second change.
      if (state.status !== 'none') return [];
      return [{ type: 'DiaperChanged', data: command.data }];
    case 'CorrectDiaper':
      assertLogged(state);
      if (command.data.childId !== state.ref.childId) throw new NotFoundError('Diaper change not found');
      return [{ type: 'DiaperCorrected', data: { ...command.data, ownerId: state.ref.ownerId } }];
    case 'DeleteDiaper':
      assertLogged(state);
      return [{ type: 'DiaperDeleted', data: state.ref }];
    case 'ResealDiaperNotes':
      assertLogged(state);
      return [{ type: 'DiaperNotesResealed', data: { ...command.data, ...state.ref } }];
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}
