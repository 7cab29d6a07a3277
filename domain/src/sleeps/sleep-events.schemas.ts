import { z } from 'zod';
import type { SleepCorrected, SleepDeleted, SleepRestored, SleepEnvironment, SleepEvent, SleepLogged, SleepNotesResealed } from './sleep.events';
import { sleepSackTogOf } from './sleep-sack';
import { eventDefinition, type EventDefinition } from '../events/event-definition';

const sleepRef = { sleepId: z.string(), childId: z.string(), ownerId: z.string() };

/** `notes` and the sleep-sack tag arrive sealed, so they are ciphertext here. */
const sleepDetails = z.strictObject({
  ...sleepRef,
  startedAt: z.string(),
  endedAt: z.string(),
  environment: z
    .strictObject({
      roomTemp: z.number().nullable(),
      whiteNoise: z.boolean(),
      sleepSackTag: z.string().nullable(),
      sleepSackTog: z.number().nullable(),
      plainSleepSackTag: z.string().optional(),
    })
    // Only reading a version 1 event sets it: a new event never records the tag in plain text.
    .refine((environment) => environment.plainSleepSackTag === undefined, { message: 'is never recorded', path: ['plainSleepSackTag'] })
    .nullable(),
  notes: z.string(),
});

/**
 * Version 1 recorded the sleep-sack tag in plain text. Reading it, the TOG rating is taken from the
 * text as a new sleep records it, and the text moves to `plainSleepSackTag`, so the owner still sees
 * it; the stored event keeps its bytes.
 */
function sleepDetailsV1toV2(data: unknown): unknown {
  const { environment, ...rest } = data as { environment: SleepEnvironment | null };
  if (!environment) return data;
  const { sleepSackTag, ...kept } = environment;
  return {
    ...rest,
    environment: { ...kept, sleepSackTag: null, sleepSackTog: sleepSackTogOf(sleepSackTag), ...(sleepSackTag === null ? {} : { plainSleepSackTag: sleepSackTag }) },
  };
}

const sealedTagHistory = { version: 2, upcasters: { 1: sleepDetailsV1toV2 } };

export const sleepEventDefinitions = {
  SleepLogged: eventDefinition<SleepLogged>()(sleepDetails, sealedTagHistory),
  SleepCorrected: eventDefinition<SleepCorrected>()(sleepDetails, sealedTagHistory),
  SleepDeleted: eventDefinition<SleepDeleted>()(z.strictObject(sleepRef)),
  // Written with the details' current shape: no older version of it was ever recorded.
  SleepRestored: eventDefinition<SleepRestored>()(sleepDetails),
  SleepNotesResealed: eventDefinition<SleepNotesResealed>()(z.strictObject({ ...sleepRef, notes: z.string(), sleepSackTag: z.string().nullable() })),
} satisfies Record<SleepEvent['type'], EventDefinition>;
