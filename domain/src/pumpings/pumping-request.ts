import { z } from 'zod';
import { childIdField, isoInstant, notesField } from '../entries/entry-fields';

const amount = z.number({ error: 'Amount must be a number' }).nullable().optional();

/** The body of POST /api/pumpings and PUT /api/pumpings/{id}, with the messages of each refusal. */
export const pumpingBody = z.object({
  childId: childIdField,
  startedAt: z.string({ error: 'Date and time is required' }).min(1, 'Date and time is required').pipe(isoInstant('Date and time')),
  durationMinutes: z.number({ error: 'Duration must be a number' }).nullable().optional(),
  leftAmount: amount,
  rightAmount: amount,
  unit: z.enum(['mL', 'oz'], { error: 'Unit must be mL or oz' }),
  notes: notesField,
});
