import type { z } from 'zod';
import type { EntryKindDefinition } from '../entries/entry-kind-definition';
import { ENTRY_KIND_LISTING } from '../entries/entry-kinds';
import { diaperStreamId } from '../shared/stream-ids';
import { diaperCsv } from './diaper-csv';
import { diaperResearch, type DiaperResearch } from './diaper-research';
import { decideDiaper, type DiaperCommand } from './diaper.decider';
import { evolveDiaper, initialDiaperState, type DiaperEvent, type DiaperChanged, type DiaperState } from './diaper.events';
import { diaperEventDefinitions } from './diaper-events.schemas';
import { diaperBody } from './diaper-request';
import { checkDiaper } from './diaper-rules';
import { diaperTimeline, type DiaperFields, type DiaperView } from './diaper-timeline';
import { diaperViewSchema, writtenDiaperSchema } from './diaper-view.schemas';

export type DiaperKind = {
  kind: 'diaper';
  timing: 'instant';
  command: DiaperCommand;
  eventType: DiaperEvent['type'];
  state: DiaperState;
  body: z.infer<typeof diaperBody>;
  logged: DiaperChanged['data'];
  fields: DiaperFields;
  view: DiaperView;
  research: DiaperResearch;
};

/** A diaper change: an instant, what the diaper held and, with stool, its colour. */
export const diaperKind: EntryKindDefinition<DiaperKind> = {
  kind: 'diaper',
  ...ENTRY_KIND_LISTING.diaper,
  notFound: 'Diaper change not found',
  anEntry: 'a diaper change',
  idField: 'diaperId',
  streamId: diaperStreamId,
  timing: 'instant',
  events: { logged: 'DiaperChanged', corrected: 'DiaperCorrected', deleted: 'DiaperDeleted', restored: 'DiaperRestored', resealed: 'DiaperNotesResealed' },
  commands: { log: 'LogDiaper', correct: 'CorrectDiaper', remove: 'DeleteDiaper', restore: 'RestoreDiaper' },
  eventDefinitions: diaperEventDefinitions,
  schemas: { tag: 'Diaper changes', answer: diaperViewSchema, written: writtenDiaperSchema },
  decider: { initialState: initialDiaperState, evolve: evolveDiaper, decide: decideDiaper },
  body: diaperBody,
  startField: 'occurredAt',
  check: (body, now) => {
    const { occurredAt, ...rest } = checkDiaper(body, now);
    return { ...rest, startedAt: occurredAt, endedAt: occurredAt };
  },
  // An instant: its events record when it happened once, not a start and an end.
  recordedAs: {
    event: ({ startedAt, endedAt: _endedAt, contents, color, notes }) => ({ occurredAt: startedAt, contents, color, notes }),
    entry: ({ occurredAt, ...rest }) => ({ ...rest, startedAt: occurredAt, endedAt: occurredAt }),
  },
  // Diaper changes came after children had keys, but one written with a writer's key is resealed the same way.
  resealNotes: (diaperId, notes) => ({ type: 'ResealDiaperNotes', data: { diaperId, notes } }),
  timeline: diaperTimeline,
  csv: diaperCsv,
  research: diaperResearch,
};
