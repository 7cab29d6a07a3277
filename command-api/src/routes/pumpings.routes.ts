import type { z } from 'zod';
import { ENTRY_KINDS } from '@nightlight/domain/entries/entry-kinds';
import { decidePumping, type PumpingCommand } from '@nightlight/domain/pumpings/pumping.decider';
import { evolvePumping, initialPumpingState, pumpingEndedAt, pumpingMinutes, type PumpingDetails, type PumpingState } from '@nightlight/domain/pumpings/pumping.events';
import { checkPumping } from '@nightlight/domain/pumpings/pumping-rules';
import { pumpingBody } from '@nightlight/domain/pumpings/pumping-request';
import type { CommandDeps } from '../command-deps';
import type { EntryKindRoutes } from '../commands/entry-writes';
import { entryRoutes } from './entry-routes';

/** How the command side logs, corrects and deletes a pumping. */
export const pumpingEntry: EntryKindRoutes<PumpingCommand, PumpingState> = {
  definition: ENTRY_KINDS.pumping,
  decider: { initialState: initialPumpingState, evolve: evolvePumping, decide: decidePumping },
  body: pumpingBody,
  check: (body: z.infer<typeof pumpingBody>, now) => {
    const { durationMinutes, leftAmount, rightAmount, unit, ...checked } = checkPumping(body, now);
    return { ...checked, endedAt: pumpingEndedAt(checked.startedAt, durationMinutes), pumped: { leftAmount, rightAmount, unit } };
  },
  // Its events record the length as entered (none when untimed) and the amounts with their unit.
  recordedAs: {
    event: ({ startedAt, endedAt, pumped, notes }) => ({
      startedAt,
      durationMinutes: pumpingMinutes(startedAt, endedAt),
      leftAmount: pumped?.leftAmount ?? null,
      rightAmount: pumped?.rightAmount ?? null,
      unit: pumped?.unit ?? 'mL',
      notes,
    }),
    entry: ({ startedAt, durationMinutes, leftAmount, rightAmount, unit, notes }: PumpingDetails) => ({
      startedAt,
      endedAt: pumpingEndedAt(startedAt, durationMinutes),
      pumped: { leftAmount, rightAmount, unit },
      notes,
    }),
  },
};

/** POST /api/pumpings, PUT and DELETE /api/pumpings/:id. */
export const pumpingRoutes = (deps: CommandDeps) => entryRoutes(deps, pumpingEntry);
