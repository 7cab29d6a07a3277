import { z } from 'zod';
import { ENTRY_KINDS } from '@nightlight/domain/entries/entry-kinds';
import { decideFeeding, type FeedingCommand } from '@nightlight/domain/feedings/feeding.decider';
import { evolveFeeding, initialFeedingState, type FeedingState } from '@nightlight/domain/feedings/feeding.events';
import { checkFeeding } from '@nightlight/domain/feedings/feeding-rules';
import type { CommandDeps } from '../command-deps';
import { entryRoutes } from './entry-routes';
import { childIdField, isoInstant, notesField } from './entry-fields';

const feedingBody = z.object({
  childId: childIdField,
  startedAt: z.string({ error: 'Date and time is required' }).min(1, 'Date and time is required').pipe(isoInstant('Date and time')),
  endedAt: isoInstant('endedAt').nullable().optional(),
  amountOz: z.number({ error: 'Amount must be a number' }).nullable().optional(),
  amountMl: z.number({ error: 'Amount must be a number' }).nullable().optional(),
  method: z.enum(['Bottle', 'Nursing'], { error: 'Method must be Bottle or Nursing' }),
  type: z.enum(['Breast Milk', 'Formula'], { error: 'Feeding type must be Breast Milk or Formula' }).nullable().optional(),
  notes: notesField,
});

/** POST /api/feedings, PUT and DELETE /api/feedings/:id. */
export function feedingRoutes(deps: CommandDeps) {
  return entryRoutes<FeedingCommand, FeedingState>(deps, {
    definition: ENTRY_KINDS.feeding,
    decider: { initialState: initialFeedingState, evolve: evolveFeeding, decide: decideFeeding },
    body: feedingBody,
    check: (body: z.infer<typeof feedingBody>, now) => checkFeeding(body, now),
  });
}
