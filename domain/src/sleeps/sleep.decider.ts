import { NotFoundError, type SealedText } from '../shared/domain-event';
import type { SleepDetails, SleepEvent, SleepState } from './sleep.events';

const NOT_FOUND = 'Sleep session not found';

type SleepRef = { sleepId: string; childId: string; ownerId: string };
export type LogSleep = { type: 'LogSleep'; data: SleepRef & SleepDetails };
export type CorrectSleep = { type: 'CorrectSleep'; data: SleepRef & SleepDetails };
/** Any member of the child's family may correct or delete it (checked on the child's stream); `ownerId` stays the member who logged it. */
export type DeleteSleep = { type: 'DeleteSleep'; data: { sleepId: string } };
/** Seals the free text again with the child's key: see SleepNotesResealed. */
export type ResealSleepNotes = { type: 'ResealSleepNotes'; data: { sleepId: string; notes: SealedText; sleepSackTag: SealedText | null } };
/** Undo of a deletion: the sleep comes back as it was; restoring one that is there changes nothing. */
export type RestoreSleep = { type: 'RestoreSleep'; data: { sleepId: string } };
export type SleepCommand = LogSleep | CorrectSleep | DeleteSleep | ResealSleepNotes | RestoreSleep;

/**
 * The details a restored sleep records: as they were, except the plain sleep-sack text a sleep
 * recorded before tags were sealed still shows (`plainSleepSackTag`), which no new event records.
 */
function restorableDetails({ environment, ...details }: SleepDetails): SleepDetails {
  if (!environment) return { ...details, environment };
  const { plainSleepSackTag: _plain, ...recorded } = environment;
  return { ...details, environment: recorded };
}

function assertLogged(state: SleepState): asserts state is SleepState & { ref: SleepRef } {
  if (state.status !== 'logged' || !state.ref) throw new NotFoundError(NOT_FOUND);
}

export function decideSleep(command: SleepCommand, state: SleepState): SleepEvent[] {
  switch (command.type) {
    case 'LogSleep':
      // The same id logged again is a retry of the same tap, not a second session.
      if (state.status !== 'none') return [];
      return [{ type: 'SleepLogged', data: command.data }];
    case 'CorrectSleep':
      assertLogged(state);
      if (command.data.childId !== state.ref.childId) throw new NotFoundError(NOT_FOUND);
      return [{ type: 'SleepCorrected', data: { ...command.data, ownerId: state.ref.ownerId } }];
    case 'DeleteSleep':
      assertLogged(state);
      return [{ type: 'SleepDeleted', data: state.ref }];
    case 'RestoreSleep':
      if (state.status === 'logged') return [];
      if (state.status !== 'deleted' || !state.ref || !state.details) throw new NotFoundError(NOT_FOUND);
      return [{ type: 'SleepRestored', data: { ...state.ref, ...restorableDetails(state.details) } }];
    case 'ResealSleepNotes':
      assertLogged(state);
      return [{ type: 'SleepNotesResealed', data: { ...command.data, ...state.ref } }];
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}
