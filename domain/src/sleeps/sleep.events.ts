import type { DomainEvent, SealedText } from '../shared/domain-event';

/** The sleep environment as the parent enters and reads it. */
export interface SleepEnvironment {
  roomTemp: number | null;
  whiteNoise: boolean;
  sleepSackTag: string | null;
}

/**
 * The sleep environment as its events record it. The sleep-sack tag is free text that can name
 * people ('the one Josephine knitted'), so it is sealed like the notes; its TOG rating, read from
 * the text when the sleep is logged, is kept apart for research, which never sees the text.
 */
export interface RecordedSleepEnvironment {
  roomTemp: number | null;
  whiteNoise: boolean;
  sleepSackTag: SealedText | null;
  sleepSackTog: number | null;
  /**
   * The tag of a sleep recorded before version 2 of the sleep events, which held it in plain text:
   * set only when such an event is read, so its owner still sees the tag. Never recorded.
   */
  plainSleepSackTag?: string;
}

export interface SleepDetails {
  startedAt: string;
  endedAt: string;
  environment: RecordedSleepEnvironment | null;
  /** Free text can name people, so it is sealed like other personal data. */
  notes: SealedText;
}

type SleepRef = { sleepId: string; childId: string; ownerId: string };

export type SleepLogged = DomainEvent<'SleepLogged', SleepRef & SleepDetails>;
export type SleepCorrected = DomainEvent<'SleepCorrected', SleepRef & SleepDetails>;
export type SleepDeleted = DomainEvent<'SleepDeleted', SleepRef>;
/** A deleted sleep back as it was when deleted (Undo): the same details, so every read model takes it as logged. */
export type SleepRestored = DomainEvent<'SleepRestored', SleepRef & SleepDetails>;
/** Notes and sleep-sack tag sealed again with the child's key (see FeedingNotesResealed). */
export type SleepNotesResealed = DomainEvent<'SleepNotesResealed', SleepRef & { notes: SealedText; sleepSackTag: SealedText | null }>;
export type SleepEvent = SleepLogged | SleepCorrected | SleepDeleted | SleepRestored | SleepNotesResealed;

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
    case 'SleepCorrected':
    case 'SleepRestored': {
      const { sleepId, childId, ownerId, ...details } = e.data;
      return { status: 'logged', ref: { sleepId, childId, ownerId }, details };
    }
    case 'SleepDeleted':
      return { ...state, status: 'deleted' };
    case 'SleepNotesResealed': {
      if (!state.details) return state;
      const { environment } = state.details;
      return { ...state, details: { ...state.details, notes: e.data.notes, environment: environment && { ...environment, sleepSackTag: e.data.sleepSackTag } } };
    }
    default:
      return state;
  }
}
