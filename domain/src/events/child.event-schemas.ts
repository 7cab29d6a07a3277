import { z } from 'zod';
import type {
  ChildAnonymized,
  ChildEvent,
  ChildInvitationIssued,
  ChildInvitationRevoked,
  ChildMemberJoined,
  ChildMemberLeft,
  ChildMemberRoleChanged,
  ChildProfileUpdated,
  ChildRegistered,
  ChildRemoved,
  ChildResearchConsentChanged,
} from '../children/child.events';
import { eventDefinition, type EventDefinition } from './event-definition';

const sex = z.enum(['Female', 'Male', 'Unknown']);
const role = z.enum(['parent', 'caregiver']);

/** Name and birth date arrive sealed: the schema sees ciphertext strings, never the plain values. */
const childProfile = z.strictObject({
  childId: z.string(),
  ownerId: z.string(),
  displayName: z.string(),
  birthDate: z.string(),
  sex,
  nightWindowStart: z.string(),
  nightWindowEnd: z.string(),
  timezone: z.string(),
});

/**
 * Version 1 also recorded the child's research date shift and its birth date moved by that shift,
 * which together give the real birth date back. Reading it, both are dropped: research derives the
 * shift from its secret and counts ages from the birth month. The stored event keeps its bytes.
 */
function childAnonymizedV1toV2(data: unknown): unknown {
  const { researchDateShiftDays: _shift, researchBirthDate: _shiftedBirthDate, ...kept } = data as Record<string, unknown>;
  return kept;
}

export const childEventDefinitions = {
  ChildRegistered: eventDefinition<ChildRegistered>()(childProfile),
  ChildProfileUpdated: eventDefinition<ChildProfileUpdated>()(childProfile),
  ChildRemoved: eventDefinition<ChildRemoved>()(z.strictObject({ childId: z.string(), ownerId: z.string() })),
  ChildAnonymized: eventDefinition<ChildAnonymized>()(
    z.strictObject({
      childId: z.string(),
      sex,
      birthMonth: z
        .string()
        .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month, YYYY-MM')
        .nullable(),
    }),
    { version: 2, upcasters: { 1: childAnonymizedV1toV2 } },
  ),
  ChildResearchConsentChanged: eventDefinition<ChildResearchConsentChanged>()(z.strictObject({ childId: z.string(), consent: z.boolean() })),
  ChildInvitationIssued: eventDefinition<ChildInvitationIssued>()(
    z.strictObject({ childId: z.string(), invitationId: z.string(), role, invitedBy: z.string(), expiresAt: z.string(), code: z.string() }),
  ),
  ChildInvitationRevoked: eventDefinition<ChildInvitationRevoked>()(z.strictObject({ childId: z.string(), invitationId: z.string() })),
  ChildMemberJoined: eventDefinition<ChildMemberJoined>()(
    z.strictObject({ childId: z.string(), memberId: z.string(), role, number: z.number().int().min(2), invitationId: z.string() }),
  ),
  ChildMemberRoleChanged: eventDefinition<ChildMemberRoleChanged>()(z.strictObject({ childId: z.string(), memberId: z.string(), role })),
  ChildMemberLeft: eventDefinition<ChildMemberLeft>()(z.strictObject({ childId: z.string(), memberId: z.string() })),
} satisfies Record<ChildEvent['type'], EventDefinition>;
