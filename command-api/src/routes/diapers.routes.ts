import type { z } from 'zod';
import { decideDiaper, type DiaperCommand } from '@nightlight/domain/diapers/diaper.decider';
import { evolveDiaper, initialDiaperState, type DiaperDetails, type DiaperState } from '@nightlight/domain/diapers/diaper.events';
import { checkDiaper } from '@nightlight/domain/diapers/diaper-rules';
import { ENTRY_KINDS } from '@nightlight/domain/entries/entry-kinds';
import { diaperBody } from '@nightlight/domain/diapers/diaper-request';
import type { CommandDeps } from '../command-deps';
import type { EntryKindRoutes } from '../commands/entry-writes';
import { entryRoutes } from './entry-routes';

/** How the command side logs, corrects and deletes a diaper. */
export const diaperEntry: EntryKindRoutes<DiaperCommand, DiaperState> = {
  definition: ENTRY_KINDS.diaper,
  decider: { initialState: initialDiaperState, evolve: evolveDiaper, decide: decideDiaper },
  body: diaperBody,
  check: (body: z.infer<typeof diaperBody>, now) => {
    const { occurredAt, ...rest } = checkDiaper(body, now);
    return { ...rest, startedAt: occurredAt, endedAt: occurredAt };
  },
  // An instant: its events record when it happened once, not a start and an end.
  recordedAs: {
    event: ({ startedAt, endedAt: _endedAt, contents, color, notes }) => ({ occurredAt: startedAt, contents, color, notes }),
    entry: ({ occurredAt, ...rest }: DiaperDetails) => ({ ...rest, startedAt: occurredAt, endedAt: occurredAt }),
  },
};

/** POST /api/diapers, PUT and DELETE /api/diapers/:id. */
export const diaperRoutes = (deps: CommandDeps) => entryRoutes(deps, diaperEntry);
