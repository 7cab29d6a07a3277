import { z } from 'zod';
import { childIdField } from '../entries/entry-fields';
import { isLocalDate } from '../time/zoned-time';

const measure = (name: string) => z.number({ error: `${name} must be a number` }).nullable().optional();

/** The body of POST /api/growth and PUT /api/growth/{id}: metric or imperial measures, with the messages of each refusal. */
export const growthBody = z.object({
  childId: childIdField,
  measuredOn: z.string({ error: 'Measurement date is required' }).refine(isLocalDate, 'Measurement date must be a date (YYYY-MM-DD)'),
  weightKg: measure('Weight'),
  lengthCm: measure('Length'),
  headCm: measure('Head circumference'),
  weightLb: measure('Weight'),
  lengthIn: measure('Length'),
  headIn: measure('Head circumference'),
});
