import { z } from 'zod';
import type { FeedingCorrected, FeedingDeleted, FeedingRestored, FeedingEvent, FeedingLogged, FeedingNotesResealed } from './feeding.events';
import { eventDefinition, type EventDefinition } from '../events/event-definition';

const feedingRef = { feedingId: z.string(), childId: z.string(), ownerId: z.string() };

/** `notes` arrives sealed, so it is ciphertext here. */
const feedingDetails = z.strictObject({
  ...feedingRef,
  startedAt: z.string(),
  endedAt: z.string(),
  amountOz: z.number().nullable(),
  enteredAmount: z.strictObject({ value: z.number(), unit: z.enum(['oz', 'mL']) }).nullable(),
  method: z.enum(['Bottle', 'Nursing']),
  type: z.enum(['Breast Milk', 'Formula']).nullable(),
  sides: z.strictObject({ leftMinutes: z.number(), rightMinutes: z.number() }).nullable(),
  notes: z.string(),
});

/** Version 1 took amounts in ounces only: what was entered is the amount in ounces. */
function feedingDetailsV1toV2(data: unknown): unknown {
  const { amountOz } = data as { amountOz: number | null };
  return { ...(data as object), enteredAmount: amountOz === null ? null : { value: amountOz, unit: 'oz' } };
}

/** Version 2 knew no sides: nursing minutes per breast came with timers. */
const feedingDetailsV2toV3 = (data: unknown): unknown => ({ ...(data as object), sides: null });

const feedingDetailsHistory = { version: 3, upcasters: { 1: feedingDetailsV1toV2, 2: feedingDetailsV2toV3 } };

export const feedingEventDefinitions = {
  FeedingLogged: eventDefinition<FeedingLogged>()(feedingDetails, feedingDetailsHistory),
  FeedingCorrected: eventDefinition<FeedingCorrected>()(feedingDetails, feedingDetailsHistory),
  FeedingDeleted: eventDefinition<FeedingDeleted>()(z.strictObject(feedingRef)),
  // Written with the details' current shape: no older version of it was ever recorded.
  FeedingRestored: eventDefinition<FeedingRestored>()(feedingDetails),
  FeedingNotesResealed: eventDefinition<FeedingNotesResealed>()(z.strictObject({ ...feedingRef, notes: z.string() })),
} satisfies Record<FeedingEvent['type'], EventDefinition>;
