import type { ChildProfileData, ChildRole } from '@nightlight/domain/children/child.events';
import type { ChildView } from '@nightlight/domain/read-models/children/child-document';
import type { PersonalDataCipher } from '@nightlight/infrastructure/crypto/personal-data-cipher';

/** A child as a write answers with it: its profile opened with its key (or its first parent's, from before), its answer about research, and the caller's role. */
export async function childViewOf(
  cipher: PersonalDataCipher,
  childId: string,
  ownerId: string,
  profile: ChildProfileData,
  researchConsent: boolean | null,
  role: ChildRole,
): Promise<ChildView> {
  const open = async (sealed: string) => (await cipher.openForChild(childId, ownerId, sealed)) ?? '';
  return {
    id: childId,
    displayName: await open(profile.displayName),
    birthDate: await open(profile.birthDate),
    sex: profile.sex,
    nightWindowStart: profile.nightWindowStart,
    nightWindowEnd: profile.nightWindowEnd,
    timezone: profile.timezone,
    researchConsent,
    role,
  };
}
