import { z } from 'zod';
import { decideDiaper, type DiaperCommand } from '@nightlight/domain/diapers/diaper.decider';
import { evolveDiaper, initialDiaperState, type DiaperDetails, type DiaperState } from '@nightlight/domain/diapers/diaper.events';
import { checkDiaper } from '@nightlight/domain/diapers/diaper-rules';
import { ENTRY_KINDS } from '@nightlight/domain/entries/entry-kinds';
import type { CommandDeps } from '../command-deps';
import { entryRoutes } from './entry-routes';
import { childIdField, isoInstant, notesField } from './entry-fields';

const diaperBody = z.object({
  childId: childIdField,
  occurredAt: z.string({ error: 'Date and time is required' }).min(1, 'Date and time is required').pipe(isoInstant('Date and time')),
  contents: z.enum(['wet', 'dirty', 'both', 'dry'], { error: 'Contents must be wet, dirty, both or dry' }),
  color: z.enum(['yellow', 'green', 'brown', 'black', 'red', 'white'], { error: 'Color must be yellow, green, brown, black, red or white' }).nullable().optional(),
  notes: notesField,
});

/** POST /api/diapers, PUT and DELETE /api/diapers/:id. */
export function diaperRoutes(deps: CommandDeps) {
  return entryRoutes<DiaperCommand, DiaperState>(deps, {
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
  });
}
