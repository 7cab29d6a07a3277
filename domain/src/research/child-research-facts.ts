import type { ChildEvent, Sex } from '../children/child.events';
import type { ChildSchedule } from '../insights/insight-inputs';
import type { SealedText } from '../shared/domain-event';
import { addDays, type LocalDate } from '../time/zoned-time';
import { childPseudonym, dateShiftDays, researchBirthday, type KeyedDigest } from './research-identity';

/** The child's stream read for research: the last profile recorded, what anonymisation kept, and the parents' answer. */
export interface ChildResearchProfile {
  childId: string;
  ownerId: string;
  sealedBirthDate: SealedText;
  sex: Sex;
  schedule: ChildSchedule;
  anonymized: { birthMonth: string | null } | null;
  /** The parent removed the child, deleting it with all its data: research drops the whole stream. */
  removed: boolean;
  /** Whether a parent agreed to research; null while none has said (every child from before it was asked). */
  consent: boolean | null;
}

/** The child events a research profile is folded from. */
export const RESEARCH_PROFILE_EVENTS: ReadonlySet<string> = new Set(['ChildRegistered', 'ChildProfileUpdated', 'ChildAnonymized', 'ChildRemoved', 'ChildResearchConsentChanged']);

export function evolveResearchProfile(profile: ChildResearchProfile | null, event: { type: string; data: unknown }): ChildResearchProfile | null {
  const e = event as ChildEvent;
  switch (e.type) {
    case 'ChildRegistered':
    case 'ChildProfileUpdated': {
      const { childId, ownerId, birthDate, sex, timezone, nightWindowStart, nightWindowEnd } = e.data;
      const kept = { anonymized: profile?.anonymized ?? null, removed: profile?.removed ?? false, consent: profile?.consent ?? null };
      return { childId, ownerId, sealedBirthDate: birthDate, sex, schedule: { timezone, nightWindowStart, nightWindowEnd }, ...kept };
    }
    case 'ChildAnonymized':
      return profile && { ...profile, anonymized: { birthMonth: e.data.birthMonth } };
    case 'ChildRemoved':
      return profile && { ...profile, removed: true };
    case 'ChildResearchConsentChanged':
      return profile && { ...profile, consent: e.data.consent };
    default:
      return profile;
  }
}

/**
 * Folds a child's stream. The last profile applies to all of the child's events: a changed birth
 * date or time zone is read as a correction, and it is also what anonymisation keeps.
 */
export function childResearchProfileOf(events: readonly { type: string; data: unknown }[]): ChildResearchProfile | null {
  return events.reduce(evolveResearchProfile, null);
}

/**
 * Whether research may have the child: a parent said yes. A deleted account's children are kept
 * anonymised for research, as the account deletion and the consent texts say, unless a parent said
 * no. A child its parent removed is never exported.
 */
export function mayResearch(profile: ChildResearchProfile): boolean {
  if (profile.removed) return false;
  return profile.consent === true || (profile.anonymized !== null && profile.consent !== false);
}

/** What a child's ages count from: its birth date, or after its account was deleted a secret day of its birth month. */
export type AgeFrom = 'birth-date' | 'birth-month';

/** What every research line of one child is computed with. */
export interface ChildResearchFacts {
  pseudonym: string;
  sex: Sex;
  /** The day ages are counted from, on the child's shifted calendar; null when no birth date or month is known. */
  researchBirthDate: LocalDate | null;
  ageFrom: AgeFrom | null;
  dateShiftDays: number;
  schedule: ChildSchedule;
}

/**
 * The facts from the profile and the birth date opened with the child's key. While the child is
 * active, ages count from the exact birth date. Once it is anonymised only the birth month is kept,
 * so ages count from a secret day of that month, whether or not the key is destroyed yet: the facts
 * change once, at the anonymisation, and never depend on when the key went. The shift always comes
 * from the research secret, so the pseudonym and the shifted calendar stay the same.
 */
export function childResearchFactsOf(profile: ChildResearchProfile, openedBirthDate: LocalDate | null, digest: KeyedDigest): ChildResearchFacts {
  const shift = dateShiftDays(digest, profile.childId);
  const birthMonth = profile.anonymized?.birthMonth;
  const ageFrom = profile.anonymized ? (birthMonth ? researchBirthday(digest, profile.childId, birthMonth) : null) : openedBirthDate;
  return {
    pseudonym: childPseudonym(digest, profile.childId),
    sex: profile.sex,
    researchBirthDate: ageFrom === null ? null : addDays(ageFrom, shift),
    ageFrom: ageFrom === null ? null : profile.anonymized ? 'birth-month' : 'birth-date',
    dateShiftDays: shift,
    schedule: profile.schedule,
  };
}
