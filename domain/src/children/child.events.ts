import type { DomainEvent, SealedText } from '../shared/domain-event';

export type Sex = 'Female' | 'Male' | 'Unknown';
export const SEXES: readonly Sex[] = ['Female', 'Male', 'Unknown'];

export const DEFAULT_NIGHT_WINDOW_START = '19:00';
export const DEFAULT_NIGHT_WINDOW_END = '08:00';

/** Name and birth date are sealed with the owner's data key before they are recorded. */
export interface ChildProfileData {
  displayName: SealedText;
  birthDate: SealedText;
  sex: Sex;
  nightWindowStart: string;
  nightWindowEnd: string;
  timezone: string;
}

export type ChildRegistered = DomainEvent<'ChildRegistered', ChildProfileData & { childId: string; ownerId: string }>;
export type ChildProfileUpdated = DomainEvent<'ChildProfileUpdated', ChildProfileData & { childId: string; ownerId: string }>;
export type ChildRemoved = DomainEvent<'ChildRemoved', { childId: string; ownerId: string }>;
/**
 * The owner deleted their account: the child's personal data is shredded with the owner's key.
 * What research needs is kept here without personal data: the sex and the birth month ('YYYY-MM').
 * Neither the date shift nor a shifted birth date is recorded: the shift follows from the research
 * secret, and beside it a shifted date would give the real birth date back to whoever holds both.
 */
export type ChildAnonymized = DomainEvent<'ChildAnonymized', { childId: string; sex: Sex; birthMonth: string | null }>;

export type ChildEvent = ChildRegistered | ChildProfileUpdated | ChildRemoved | ChildAnonymized;

export type ChildStatus = 'none' | 'active' | 'removed' | 'anonymized';

export interface ChildState {
  status: ChildStatus;
  childId: string | null;
  ownerId: string | null;
  profile: ChildProfileData | null;
}

export const initialChildState = (): ChildState => ({ status: 'none', childId: null, ownerId: null, profile: null });

export function evolveChild(state: ChildState, event: { type: string; data: unknown }): ChildState {
  const e = event as ChildEvent;
  switch (e.type) {
    case 'ChildRegistered': {
      const { childId, ownerId, ...profile } = e.data;
      return { status: 'active', childId, ownerId, profile };
    }
    case 'ChildProfileUpdated': {
      const { childId: _childId, ownerId: _ownerId, ...profile } = e.data;
      return { ...state, profile };
    }
    case 'ChildRemoved':
      return { ...state, status: 'removed' };
    case 'ChildAnonymized':
      return { ...state, status: 'anonymized', ownerId: null, profile: null };
    default:
      return state;
  }
}
