import type { z } from 'zod';
import type { EntryKindDefinition } from '../entries/entry-kind-definition';
import { ENTRY_KIND_LISTING } from '../entries/entry-kinds';
import { sleepStreamId } from '../shared/stream-ids';
import { sleepCsv } from './sleep-csv';
import { sleepResearch, type SleepResearch } from './sleep-research';
import { decideSleep, type SleepCommand } from './sleep.decider';
import { evolveSleep, initialSleepState, type SleepEvent, type SleepLogged, type SleepState } from './sleep.events';
import { sleepEventDefinitions } from './sleep-events.schemas';
import { sleepBody } from './sleep-request';
import { checkSleep } from './sleep-rules';
import { recordedSleepEnvironment } from './sleep-sack';
import { sleepTimeline, type SleepFields, type SleepView } from './sleep-timeline';
import { sleepViewSchema, writtenSleepSchema } from './sleep-view.schemas';

export type SleepKind = {
  kind: 'sleep';
  timing: 'session';
  command: SleepCommand;
  eventType: SleepEvent['type'];
  state: SleepState;
  body: z.infer<typeof sleepBody>;
  logged: SleepLogged['data'];
  fields: SleepFields;
  view: SleepView;
  research: SleepResearch;
};

/** A nap or a night's sleep, from start to end; two sleeps of a child may not overlap. */
export const sleepKind: EntryKindDefinition<SleepKind> = {
  kind: 'sleep',
  ...ENTRY_KIND_LISTING.sleep,
  notFound: 'Sleep session not found',
  anEntry: 'a sleep session',
  idField: 'sleepId',
  streamId: sleepStreamId,
  timing: 'session',
  events: { logged: 'SleepLogged', corrected: 'SleepCorrected', deleted: 'SleepDeleted', restored: 'SleepRestored', resealed: 'SleepNotesResealed' },
  commands: { log: 'LogSleep', correct: 'CorrectSleep', remove: 'DeleteSleep', restore: 'RestoreSleep' },
  eventDefinitions: sleepEventDefinitions,
  schemas: { tag: 'Sleep', answer: sleepViewSchema, written: writtenSleepSchema },
  decider: { initialState: initialSleepState, evolve: evolveSleep, decide: decideSleep },
  body: sleepBody,
  startField: 'startedAt',
  check: ({ environment, ...body }, now, origin) =>
    checkSleep({ ...body, environment: environment ? { roomTemp: environment.roomTemp ?? null, whiteNoise: environment.whiteNoise, sleepSackTag: environment.sleepSackTag ?? null } : null }, now, origin),
  // The tag is free text that can name people: sealed like the notes, its TOG rating kept apart for research.
  sealDetails: async ({ notes: _notes, environment = null, ...times }, seal) => ({
    ...times,
    environment: environment && recordedSleepEnvironment(environment, environment.sleepSackTag === null ? null : await seal(environment.sleepSackTag)),
  }),
  resealNotes: (sleepId, notes, sleepSackTag) => ({ type: 'ResealSleepNotes', data: { sleepId, notes, sleepSackTag } }),
  timeline: sleepTimeline,
  csv: sleepCsv,
  research: sleepResearch,
};
