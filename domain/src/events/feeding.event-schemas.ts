import { z } from 'zod';
import type { FeedingCorrected, FeedingDeleted, FeedingEvent, FeedingLogged, FeedingNotesResealed } from '../feedings/feeding.events';
import { eventDefinition, type EventDefinition } from './event-definition';

const feedingRef = { feedingId: z.string(), childId: z.string(), ownerId: z.string() };

/** `notes` arrives sealed, so it is ciphertext here. */
const feedingDetails = z.strictObject({
  ...feedingRef,
  startedAt: z.string(),
  endedAt: z.string(),
  amountOz: z.number().nullable(),
  method: z.enum(['Bottle', 'Nursing']),
  type: z.enum(['Breast Milk', 'Formula']).nullable(),
  notes: z.string(),
});

export const feedingEventDefinitions = {
  FeedingLogged: eventDefinition<FeedingLogged>()(feedingDetails),
  FeedingCorrected: eventDefinition<FeedingCorrected>()(feedingDetails),
  FeedingDeleted: eventDefinition<FeedingDeleted>()(z.strictObject(feedingRef)),
  FeedingNotesResealed: eventDefinition<FeedingNotesResealed>()(z.strictObject({ ...feedingRef, notes: z.string() })),
} satisfies Record<FeedingEvent['type'], EventDefinition>;
