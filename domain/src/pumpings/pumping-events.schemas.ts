import { z } from 'zod';
import type { PumpingCorrected, PumpingDeleted, PumpingEvent, PumpingRestored, PumpingLogged, PumpingNotesResealed } from './pumping.events';
import { eventDefinition, type EventDefinition } from '../events/event-definition';

const pumpingRef = { pumpingId: z.string(), childId: z.string(), ownerId: z.string() };

/** `notes` arrives sealed, so it is ciphertext here. */
const pumpingDetails = z.strictObject({
  ...pumpingRef,
  startedAt: z.string(),
  durationMinutes: z.number().nullable(),
  leftAmount: z.number().nullable(),
  rightAmount: z.number().nullable(),
  unit: z.enum(['mL', 'oz']),
  notes: z.string(),
});

export const pumpingEventDefinitions = {
  PumpingLogged: eventDefinition<PumpingLogged>()(pumpingDetails),
  PumpingCorrected: eventDefinition<PumpingCorrected>()(pumpingDetails),
  PumpingDeleted: eventDefinition<PumpingDeleted>()(z.strictObject(pumpingRef)),
  PumpingRestored: eventDefinition<PumpingRestored>()(pumpingDetails),
  PumpingNotesResealed: eventDefinition<PumpingNotesResealed>()(z.strictObject({ ...pumpingRef, notes: z.string() })),
} satisfies Record<PumpingEvent['type'], EventDefinition>;
