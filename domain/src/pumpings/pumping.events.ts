import type { DomainEvent, SealedText } from '../shared/domain-event';
import type { VolumeUnit } from '../units/units';

export type { VolumeUnit };

/** A pumping session: when it started, how long (if timed) and how much each side gave (if measured). */
export interface PumpingDetails {
  startedAt: string;
  durationMinutes: number | null;
  leftAmount: number | null;
  rightAmount: number | null;
  unit: VolumeUnit;
  /** Free text can name people, so it is sealed like other personal data. */
  notes: SealedText;
}

type PumpingRef = { pumpingId: string; childId: string; ownerId: string };

export type PumpingLogged = DomainEvent<'PumpingLogged', PumpingRef & PumpingDetails>;
export type PumpingCorrected = DomainEvent<'PumpingCorrected', PumpingRef & PumpingDetails>;
export type PumpingDeleted = DomainEvent<'PumpingDeleted', PumpingRef>;
/** A deleted pumping session back as it was when deleted (Undo): the same details, so every read model takes it as logged. */
export type PumpingRestored = DomainEvent<'PumpingRestored', PumpingRef & PumpingDetails>;
/** Notes sealed again with the child's key (see FeedingNotesResealed). */
export type PumpingNotesResealed = DomainEvent<'PumpingNotesResealed', PumpingRef & { notes: SealedText }>;
export type PumpingEvent = PumpingLogged | PumpingCorrected | PumpingDeleted | PumpingRestored | PumpingNotesResealed;

export interface PumpingState {
  status: 'none' | 'logged' | 'deleted';
  ref: PumpingRef | null;
  details: PumpingDetails | null;
}

export const initialPumpingState = (): PumpingState => ({ status: 'none', ref: null, details: null });

export function evolvePumping(state: PumpingState, event: { type: string; data: unknown }): PumpingState {
  const e = event as PumpingEvent;
  switch (e.type) {
    case 'PumpingLogged':
    case 'PumpingCorrected':
    case 'PumpingRestored': {
      const { pumpingId, childId, ownerId, ...details } = e.data;
      return { status: 'logged', ref: { pumpingId, childId, ownerId }, details };
    }
    case 'PumpingDeleted':
      return { ...state, status: 'deleted' };
    case 'PumpingNotesResealed':
      return state.details ? { ...state, details: { ...state.details, notes: e.data.notes } } : state;
    default:
      return state;
  }
}

const MINUTE_MS = 60_000;

/** When a session ends: its start plus its minutes; an untimed one ends when it starts. */
export const pumpingEndedAt = (startedAt: string, durationMinutes: number | null): string =>
  new Date(Date.parse(startedAt) + (durationMinutes ?? 0) * MINUTE_MS).toISOString();

/** A session's minutes back from its start and end; null for an untimed one (it ends when it starts). */
export function pumpingMinutes(startedAt: string, endedAt: string): number | null {
  const minutes = Math.round((Date.parse(endedAt) - Date.parse(startedAt)) / MINUTE_MS);
  return minutes > 0 ? minutes : null;
}
