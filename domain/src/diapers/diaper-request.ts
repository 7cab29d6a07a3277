import { z } from 'zod';
import { childIdField, isoInstant, notesField } from '../entries/entry-fields';

/** The body of POST /api/diapers and PUT /api/diapers/{id}, with the messages of each refusal. */
export const diaperBody = z.object({
  childId: childIdField,
  occurredAt: z.string({ error: 'Date and time is required' }).min(1, 'Date and time is required').pipe(isoInstant('Date and time')),
  contents: z.enum(['wet', 'dirty', 'both', 'dry'], { error: 'Contents must be wet, dirty, both or dry' }),
  color: z.enum(['yellow', 'green', 'brown', 'black', 'red', 'white'], { error: 'Color must be yellow, green, brown, black, red or white' }).nullable().optional(),
  notes: notesField,
});
