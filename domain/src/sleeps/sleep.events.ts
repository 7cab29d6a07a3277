import type { DomainEvent, SealedText } from '../shared/domain-event';

export interface SleepEnvironment {
  roomTemp: number | null;
  whiteNoise: boolean;
  sleepSackTag: string | null;
}

export interface SleepDetails {
  startedAt: string;
  endedAt: string;
  environment: SleepEnvironment | null;
  /** Free text can name people, so it is sealed like other personal data. */
  notes: SealedText;
}

type SleepRef = { sleepId: string; childId: string; ownerId: string };

export type SleepLogged = DomainEvent<'SleepLogged', SleepRef & SleepDetails>;
export type SleepCorrected = DomainEvent<'SleepCorrected', SleepRef & SleepDetails>;
export type SleepDeleted = DomainEvent<'SleepDeleted', SleepRef>;
export type SleepEvent = SleepLogged | SleepCorrected | SleepDeleted;

export interface SleepState {
  status: 'none' | 'logged' | 'deleted';
  ref: SleepRef | null;
  details: SleepDetails | null;
}

export const initialSleepState = (): SleepState => ({ status: 'none', ref: null, details: null });

export function evolveSleep(state: SleepState, event: { type: string; data: unknown }): SleepState {
  const e = event as SleepEvent;
  switch (e.type) {
    case 'SleepLogged':
    case 'SleepCorrected': {
      const { sleepId, childId, ownerId, ...details } = e.data;
      return { status: 'logged', ref: { sleepId, childId, ownerId }, details };
    }
    case 'SleepDeleted':
      return { ...state, status: 'deleted' };
    default:
      return state;
  }
}
