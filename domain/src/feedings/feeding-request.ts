import { z } from 'zod';
import { childIdField, isoInstant, notesField } from '../entries/entry-fields';

/** The body of POST /api/feedings and PUT /api/feedings/{id}, with the messages of each refusal. */
export const feedingBody = z.object({
  childId: childIdField,
  startedAt: z.string({ error: 'Date and time is required' }).min(1, 'Date and time is required').pipe(isoInstant('Date and time')),
  endedAt: isoInstant('endedAt').nullable().optional(),
  amountOz: z.number({ error: 'Amount must be a number' }).nullable().optional(),
  amountMl: z.number({ error: 'Amount must be a number' }).nullable().optional(),
  method: z.enum(['Bottle', 'Nursing'], { error: 'Method must be Bottle or Nursing' }),
  type: z.enum(['Breast Milk', 'Formula'], { error: 'Feeding type must be Breast Milk or Formula' }).nullable().optional(),
  sides: z
    .object({
      leftMinutes: z.number({ error: 'Left minutes must be a number' }).int('Left minutes must be whole minutes').min(0, 'Left minutes cannot be negative'),
      rightMinutes: z.number({ error: 'Right minutes must be a number' }).int('Right minutes must be whole minutes').min(0, 'Right minutes cannot be negative'),
    })
    .nullable()
    .optional(),
  notes: notesField,
});
