import type { ChildEvent, Sex } from '../children/child.events';
import type { ChildSchedule } from '../insights/insight-inputs';
import type { SealedText } from '../shared/domain-event';
import { addDays, type LocalDate } from '../time/zoned-time';
import { childPseudonym, dateShiftDays, type KeyedDigest } from './research-identity';

/** The child's stream read for research: the last profile recorded, and what anonymisation kept. */
export interface ChildResearchProfile {
  childId: string;
  ownerId: string;
  sealedBirthDate: SealedText;
  sex: Sex;
  schedule: ChildSchedule;
  anonymized: { researchBirthDate: LocalDate | null; researchDateShiftDays: number | null } | null;
}

function evolveResearchProfile(profile: ChildResearchProfile | null, event: { type: string; data: unknown }): ChildResearchProfile | null {
  const e = event as ChildEvent;
  switch (e.type) {
    case 'ChildRegistered':
    case 'ChildProfileUpdated': {
      const { childId, ownerId, birthDate, sex, timezone, nightWindowStart, nightWindowEnd } = e.data;
      return { childId, ownerId, sealedBirthDate: birthDate, sex, schedule: { timezone, nightWindowStart, nightWindowEnd }, anonymized: profile?.anonymized ?? null };
    }
    case 'ChildAnonymized':
      return profile && { ...profile, anonymized: { researchBirthDate: e.data.researchBirthDate ?? null, researchDateShiftDays: e.data.researchDateShiftDays } };
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

/** What every research event of one child is computed with. */
export interface ChildResearchFacts {
  pseudonym: string;
  sex: Sex;
  /** The birth date on the child's shifted calendar; null when neither the key nor anonymisation kept it. */
  researchBirthDate: LocalDate | null;
  dateShiftDays: number;
  schedule: ChildSchedule;
}

/**
 * The facts from the profile and the birth date opened with the owner's key (null once shredded).
 * After shredding, what ChildAnonymized kept gives the same facts as before, so a replay does not
 * change when an account is deleted.
 */
export function childResearchFactsOf(profile: ChildResearchProfile, openedBirthDate: LocalDate | null, digest: KeyedDigest): ChildResearchFacts {
  const shift = profile.anonymized?.researchDateShiftDays ?? dateShiftDays(digest, profile.childId);
  return {
    pseudonym: childPseudonym(digest, profile.childId),
    sex: profile.sex,
    researchBirthDate: openedBirthDate !== null ? addDays(openedBirthDate, shift) : (profile.anonymized?.researchBirthDate ?? null),
    dateShiftDays: shift,
    schedule: profile.schedule,
  };
}
