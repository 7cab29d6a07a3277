import { z } from 'zod';
import { childIdField } from '../entries/entry-fields';
import { DomainRuleError } from '../shared/domain-event';
import { isLocalDate } from '../time/zoned-time';
import type { GrowthEntry } from './growth-rules';

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

/** The measures as sent, in metric (kg, cm) or imperial (lb, in), never both: as a bottle is sent in oz or mL. */
export function growthEntryOf(body: z.infer<typeof growthBody>): GrowthEntry {
  const metric = { weight: body.weightKg ?? null, length: body.lengthCm ?? null, head: body.headCm ?? null };
  const imperial = { weight: body.weightLb ?? null, length: body.lengthIn ?? null, head: body.headIn ?? null };
  const sent = (values: GrowthEntry['values']) => Object.values(values).some((value) => value !== null);
  if (sent(metric) && sent(imperial)) throw new DomainRuleError('Send metric (kg, cm) or imperial (lb, in) measures, not both');
  return sent(imperial) ? { measuredOn: body.measuredOn, values: imperial, units: 'imperial' } : { measuredOn: body.measuredOn, values: metric, units: 'metric' };
}
