import { NotFoundError } from '../shared/domain-event';
import type { SleepDetails, SleepEvent, SleepState } from './sleep.events';

type SleepRef = { sleepId: string; childId: string; ownerId: string };
export type LogSleep = { type: 'LogSleep'; data: SleepRef & SleepDetails };
export type CorrectSleep = { type: 'CorrectSleep'; data: SleepRef & SleepDetails };
export type DeleteSleep = { type: 'DeleteSleep'; data: { sleepId: string; ownerId: string } };
export type SleepCommand = LogSleep | CorrectSleep | DeleteSleep;

function assertOwned(state: SleepState, ownerId: string): asserts state is SleepState & { ref: SleepRef } {
  if (state.status !== 'logged' || state.ref?.ownerId !== ownerId) throw new NotFoundError('Sleep session not found');
}

export function decideSleep(command: SleepCommand, state: SleepState): SleepEvent[] {
  switch (command.type) {
    case 'LogSleep':
      // The same id logged again is a retry of the same tap, not a second session.
      if (state.status !== 'none') return [];
      return [{ type: 'SleepLogged', data: command.data }];
    case 'CorrectSleep':
      assertOwned(state, command.data.ownerId);
      if (command.data.childId !== state.ref.childId) throw new NotFoundError('Sleep session not found');
      return [{ type: 'SleepCorrected', data: command.data }];
    case 'DeleteSleep':
      assertOwned(state, command.data.ownerId);
      return [{ type: 'SleepDeleted', data: state.ref }];
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}
