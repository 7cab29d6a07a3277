import { z } from 'zod';
import { childIdField, isoInstant, notesField } from '../entries/entry-fields';

/** The body of POST /api/sleep and PUT /api/sleep/{id}, with the messages of each refusal. */
export const sleepBody = z.object({
  childId: childIdField,
  startedAt: z.string({ error: 'Date and time is required' }).min(1, 'Date and time is required').pipe(isoInstant('Date and time')),
  endedAt: z.string({ error: 'Duration is required' }).min(1, 'Duration is required').pipe(isoInstant('endedAt')),
  environment: z
    .object({
      roomTemp: z.number({ error: 'Room temperature must be a number' }).nullable().optional(),
      whiteNoise: z.boolean({ error: 'White noise must be true or false' }).default(false),
      sleepSackTag: z.string().max(40, 'Sleep sack must be 40 characters or less').nullable().optional(),
    })
    .nullable()
    .optional(),
  notes: notesField,
});
