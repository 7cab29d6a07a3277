import { z } from 'zod';
import type { SleepCorrected, SleepDeleted, SleepEvent, SleepLogged } from '../sleeps/sleep.events';
import { eventDefinition, type EventDefinition } from './event-definition';

const sleepRef = { sleepId: z.string(), childId: z.string(), ownerId: z.string() };

/** `notes` arrives sealed, so it is ciphertext here. */
const sleepDetails = z.strictObject({
  ...sleepRef,
  startedAt: z.string(),
  endedAt: z.string(),
  environment: z
    .strictObject({
      roomTemp: z.number().nullable(),
      whiteNoise: z.boolean(),
      sleepSackTag: z.string().nullable(),
    })
    .nullable(),
  notes: z.string(),
});

export const sleepEventDefinitions = {
  SleepLogged: eventDefinition<SleepLogged>()(sleepDetails),
  SleepCorrected: eventDefinition<SleepCorrected>()(sleepDetails),
  SleepDeleted: eventDefinition<SleepDeleted>()(z.strictObject(sleepRef)),
} satisfies Record<SleepEvent['type'], EventDefinition>;
