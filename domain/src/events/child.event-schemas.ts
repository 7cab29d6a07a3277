import { z } from 'zod';
import type { ChildAnonymized, ChildProfileUpdated, ChildRegistered, ChildRemoved, ChildEvent } from '../children/child.events';
import { eventDefinition, type EventDefinition } from './event-definition';

const sex = z.enum(['Female', 'Male', 'Unknown']);

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

export const childEventDefinitions = {
  ChildRegistered: eventDefinition<ChildRegistered>()(childProfile),
  ChildProfileUpdated: eventDefinition<ChildProfileUpdated>()(childProfile),
  ChildRemoved: eventDefinition<ChildRemoved>()(z.strictObject({ childId: z.string(), ownerId: z.string() })),
  ChildAnonymized: eventDefinition<ChildAnonymized>()(
    z.strictObject({
      childId: z.string(),
      sex,
      birthMonth: z.string().nullable(),
      researchDateShiftDays: z.number().int().nullable(),
      researchBirthDate: z.string().nullable().optional(),
    }),
  ),
} satisfies Record<ChildEvent['type'], EventDefinition>;
