import { NotFoundError } from '../shared/domain-event';
import type { GrowthDetails, GrowthEvent, GrowthState } from './growth.events';

type GrowthRef = { measurementId: string; childId: string; ownerId: string };
export type RecordGrowth = { type: 'RecordGrowth'; data: GrowthRef & GrowthDetails };
export type CorrectGrowth = { type: 'CorrectGrowth'; data: GrowthRef & GrowthDetails };
/** Any member of the child's family may correct or delete it; `ownerId` stays the member who recorded it. */
export type DeleteGrowth = { type: 'DeleteGrowth'; data: { measurementId: string } };
/** Undo of a deletion: the measurement comes back as it was; restoring one that is there changes nothing. */
export type RestoreGrowth = { type: 'RestoreGrowth'; data: { measurementId: string } };
export type GrowthCommand = RecordGrowth | CorrectGrowth | DeleteGrowth | RestoreGrowth;

export const GROWTH_NOT_FOUND = 'Measurement not found';

function assertLogged(state: GrowthState): asserts state is GrowthState & { ref: GrowthRef } {
  if (state.status !== 'logged' || !state.ref) throw new NotFoundError(GROWTH_NOT_FOUND);
}

export function decideGrowth(command: GrowthCommand, state: GrowthState): GrowthEvent[] {
  switch (command.type) {
    case 'RecordGrowth':
      // The same id again is a retry of the same save.
      if (state.status !== 'none') return [];
      return [{ type: 'GrowthMeasured', data: command.data }];
    case 'CorrectGrowth':
      assertLogged(state);
      if (command.data.childId !== state.ref.childId) throw new NotFoundError(GROWTH_NOT_FOUND);
      return [{ type: 'GrowthMeasurementCorrected', data: { ...command.data, ownerId: state.ref.ownerId } }];
    case 'DeleteGrowth':
      assertLogged(state);
      return [{ type: 'GrowthMeasurementDeleted', data: state.ref }];
    case 'RestoreGrowth':
      if (state.status === 'logged') return [];
      if (state.status !== 'deleted' || !state.ref || !state.details) throw new NotFoundError(GROWTH_NOT_FOUND);
      return [{ type: 'GrowthMeasurementRestored', data: { ...state.ref, ...state.details } }];
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}
