import type { DomainEvent, SealedText } from '../shared/domain-event';

/** What a diaper held. A dry one is logged too: a run of dry diapers is what a pediatrician asks about. */
export type DiaperContents = 'wet' | 'dirty' | 'both' | 'dry';
/** Stool colours a parent can pick; only a dirty diaper (dirty or both) has one. */
export type StoolColor = 'yellow' | 'green' | 'brown' | 'black' | 'red' | 'white';
export const DIAPER_CONTENTS: readonly DiaperContents[] = ['wet', 'dirty', 'both', 'dry'];
export const STOOL_COLORS: readonly StoolColor[] = ['yellow', 'green', 'brown', 'black', 'red', 'white'];

/** A diaper change is an instant: it has no end and no overlap rule. */
export interface DiaperDetails {
  occurredAt: string;
  contents: DiaperContents;
  color: StoolColor | null;
  /** Free text can name people, so it is sealed like other personal data. */
  notes: SealedText;
}

type DiaperRef = { diaperId: string; childId: string; ownerId: string };

export type DiaperChanged = DomainEvent<'DiaperChanged', DiaperRef & DiaperDetails>;
export type DiaperCorrected = DomainEvent<'DiaperCorrected', DiaperRef & DiaperDetails>;
export type DiaperDeleted = DomainEvent<'DiaperDeleted', DiaperRef>;
/** A deleted diaper back as it was when deleted (Undo): the same details, so every read model takes it as logged. */
export type DiaperRestored = DomainEvent<'DiaperRestored', DiaperRef & DiaperDetails>;
/** Notes sealed again with the child's key (see FeedingNotesResealed). */
export type DiaperNotesResealed = DomainEvent<'DiaperNotesResealed', DiaperRef & { notes: SealedText }>;
export type DiaperEvent = DiaperChanged | DiaperCorrected | DiaperDeleted | DiaperRestored | DiaperNotesResealed;

export interface DiaperState {
  status: 'none' | 'logged' | 'deleted';
  ref: DiaperRef | null;
  details: DiaperDetails | null;
}

export const initialDiaperState = (): DiaperState => ({ status: 'none', ref: null, details: null });

export function evolveDiaper(state: DiaperState, event: { type: string; data: unknown }): DiaperState {
  const e = event as DiaperEvent;
  switch (e.type) {
    case 'DiaperChanged':
    case 'DiaperCorrected':
    case 'DiaperRestored': {
      const { diaperId, childId, ownerId, ...details } = e.data;
      return { status: 'logged', ref: { diaperId, childId, ownerId }, details };
    }
    case 'DiaperDeleted':
      return { ...state, status: 'deleted' };
    case 'DiaperNotesResealed':
      return state.details ? { ...state, details: { ...state.details, notes: e.data.notes } } : state;
    default:
      return state;
  }
}
