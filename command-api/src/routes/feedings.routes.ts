import type { z } from 'zod';
import { ENTRY_KINDS } from '@nightlight/domain/entries/entry-kinds';
import { decideFeeding, type FeedingCommand } from '@nightlight/domain/feedings/feeding.decider';
import { evolveFeeding, initialFeedingState, type FeedingState } from '@nightlight/domain/feedings/feeding.events';
import { checkFeeding } from '@nightlight/domain/feedings/feeding-rules';
import { feedingBody } from '@nightlight/domain/feedings/feeding-request';
import type { CommandDeps } from '../command-deps';
import type { EntryKindRoutes } from '../commands/entry-writes';
import { entryRoutes } from './entry-routes';

/** How the command side logs, corrects and deletes a feeding. */
export const feedingEntry: EntryKindRoutes<FeedingCommand, FeedingState> = {
  definition: ENTRY_KINDS.feeding,
  decider: { initialState: initialFeedingState, evolve: evolveFeeding, decide: decideFeeding },
  body: feedingBody,
  check: (body: z.infer<typeof feedingBody>, now) => checkFeeding(body, now),
};

/** POST /api/feedings, PUT and DELETE /api/feedings/:id. */
export const feedingRoutes = (deps: CommandDeps) => entryRoutes(deps, feedingEntry);
