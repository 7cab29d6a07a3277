import { z } from 'zod';
import type { DiaperChanged, DiaperCorrected, DiaperDeleted, DiaperEvent, DiaperRestored, DiaperNotesResealed } from './diaper.events';
import { eventDefinition, type EventDefinition } from '../events/event-definition';

const diaperRef = { diaperId: z.string(), childId: z.string(), ownerId: z.string() };

/** `notes` arrives sealed, so it is ciphertext here. */
const diaperDetails = z.strictObject({
  ...diaperRef,
  occurredAt: z.string(),
  contents: z.enum(['wet', 'dirty', 'both', 'dry']),
  color: z.enum(['yellow', 'green', 'brown', 'black', 'red', 'white']).nullable(),
  notes: z.string(),
});

export const diaperEventDefinitions = {
  DiaperChanged: eventDefinition<DiaperChanged>()(diaperDetails),
  DiaperCorrected: eventDefinition<DiaperCorrected>()(diaperDetails),
  DiaperDeleted: eventDefinition<DiaperDeleted>()(z.strictObject(diaperRef)),
  // Written with the details' current shape: no older version of it was ever recorded.
  DiaperRestored: eventDefinition<DiaperRestored>()(diaperDetails),
  DiaperNotesResealed: eventDefinition<DiaperNotesResealed>()(z.strictObject({ ...diaperRef, notes: z.string() })),
} satisfies Record<DiaperEvent['type'], EventDefinition>;
