import type { DomainEvent, SealedText } from '../shared/domain-event';
import type { EnteredAmount } from '../units/volume';

export type FeedingMethod = 'Bottle' | 'Nursing';
export type BottleContent = 'Breast Milk' | 'Formula';
export const FEEDING_METHODS: readonly FeedingMethod[] = ['Bottle', 'Nursing'];
export const BOTTLE_CONTENTS: readonly BottleContent[] = ['Breast Milk', 'Formula'];

/** The whole minutes a nursing feeding spent on each breast, adding up to its duration (from a timer). */
export interface NursingSides {
  leftMinutes: number;
  rightMinutes: number;
}

export interface FeedingDetails {
  startedAt: string;
  endedAt: string;
  /** The amount in ounces, whatever it was entered in: what insights compute with. */
  amountOz: number | null;
  /** The amount as the parent entered it, in their unit (version 2 on; version 1 entered ounces). */
  enteredAmount: EnteredAmount | null;
  method: FeedingMethod;
  type: BottleContent | null;
  /** Per-breast minutes of a nursing feeding, when known (version 3 on). */
  sides: NursingSides | null;
  /** Free text can name people, so it is sealed like other personal data. */
  notes: SealedText;
}

type FeedingRef = { feedingId: string; childId: string; ownerId: string };

export type FeedingLogged = DomainEvent<'FeedingLogged', FeedingRef & FeedingDetails>;
export type FeedingCorrected = DomainEvent<'FeedingCorrected', FeedingRef & FeedingDetails>;
export type FeedingDeleted = DomainEvent<'FeedingDeleted', FeedingRef>;
/** A deleted feeding back as it was when deleted (Undo): the same details, so every read model takes it as logged. */
export type FeedingRestored = DomainEvent<'FeedingRestored', FeedingRef & FeedingDetails>;
/**
 * The notes sealed again with the child's key: they were sealed with the key of the parent who
 * logged them, before children had keys, and that parent is deleting their account while the
 * child stays with its family. Nothing about the feeding changes.
 */
export type FeedingNotesResealed = DomainEvent<'FeedingNotesResealed', FeedingRef & { notes: SealedText }>;
export type FeedingEvent = FeedingLogged | FeedingCorrected | FeedingDeleted | FeedingRestored | FeedingNotesResealed;

export interface FeedingState {
  status: 'none' | 'logged' | 'deleted';
  ref: FeedingRef | null;
  details: FeedingDetails | null;
}

export const initialFeedingState = (): FeedingState => ({ status: 'none', ref: null, details: null });

export function evolveFeeding(state: FeedingState, event: { type: string; data: unknown }): FeedingState {
  const e = event as FeedingEvent;
  switch (e.type) {
    case 'FeedingLogged':
    case 'FeedingCorrected':
    case 'FeedingRestored': {
      const { feedingId, childId, ownerId, ...details } = e.data;
      return { status: 'logged', ref: { feedingId, childId, ownerId }, details };
    }
    case 'FeedingDeleted':
      return { ...state, status: 'deleted' };
    case 'FeedingNotesResealed':
      return state.details ? { ...state, details: { ...state.details, notes: e.data.notes } } : state;
    default:
      return state;
  }
}
