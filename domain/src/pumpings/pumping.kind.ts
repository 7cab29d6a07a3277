import type { z } from 'zod';
import type { EntryKindDefinition } from '../entries/entry-kind-definition';
import { ENTRY_KIND_LISTING } from '../entries/entry-kinds';
import { pumpingStreamId } from '../shared/stream-ids';
import { pumpingCsv } from './pumping-csv';
import { pumpingResearch, type PumpingResearch } from './pumping-research';
import { decidePumping, type PumpingCommand } from './pumping.decider';
import { evolvePumping, initialPumpingState, type PumpingEvent, pumpingEndedAt, pumpingMinutes, type PumpingLogged, type PumpingState } from './pumping.events';
import { pumpingEventDefinitions } from './pumping-events.schemas';
import { pumpingBody } from './pumping-request';
import { checkPumping } from './pumping-rules';
import { pumpingTimeline, type PumpingFields, type PumpingView } from './pumping-timeline';
import { pumpingViewSchema, writtenPumpingSchema } from './pumping-view.schemas';

export type PumpingKind = {
  kind: 'pumping';
  timing: 'span';
  command: PumpingCommand;
  eventType: PumpingEvent['type'];
  state: PumpingState;
  body: z.infer<typeof pumpingBody>;
  logged: PumpingLogged['data'];
  fields: PumpingFields;
  view: PumpingView;
  research: PumpingResearch;
};

/** A pumping session: it lasts when timed, may overlap anything, and is never counted as a feeding. */
export const pumpingKind: EntryKindDefinition<PumpingKind> = {
  kind: 'pumping',
  ...ENTRY_KIND_LISTING.pumping,
  notFound: 'Pumping session not found',
  anEntry: 'a pumping session',
  idField: 'pumpingId',
  streamId: pumpingStreamId,
  timing: 'span',
  events: { logged: 'PumpingLogged', corrected: 'PumpingCorrected', deleted: 'PumpingDeleted', restored: 'PumpingRestored', resealed: 'PumpingNotesResealed' },
  commands: { log: 'LogPumping', correct: 'CorrectPumping', remove: 'DeletePumping', restore: 'RestorePumping' },
  eventDefinitions: pumpingEventDefinitions,
  schemas: { tag: 'Pumping', answer: pumpingViewSchema, written: writtenPumpingSchema },
  decider: { initialState: initialPumpingState, evolve: evolvePumping, decide: decidePumping },
  body: pumpingBody,
  startField: 'startedAt',
  check: (body, now, origin) => {
    const { durationMinutes, leftAmount, rightAmount, unit, ...checked } = checkPumping(body, now, origin);
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
    entry: ({ startedAt, durationMinutes, leftAmount, rightAmount, unit, notes }) => ({
      startedAt,
      endedAt: pumpingEndedAt(startedAt, durationMinutes),
      pumped: { leftAmount, rightAmount, unit },
      notes,
    }),
  },
  // Pumping came after children had keys, but a session written with a writer's key is resealed the same way.
  resealNotes: (pumpingId, notes) => ({ type: 'ResealPumpingNotes', data: { pumpingId, notes } }),
  timeline: pumpingTimeline,
  csv: pumpingCsv,
  research: pumpingResearch,
};
