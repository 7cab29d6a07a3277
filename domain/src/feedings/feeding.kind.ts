import type { z } from 'zod';
import type { EntryKindDefinition } from '../entries/entry-kind-definition';
import { ENTRY_KIND_LISTING } from '../entries/entry-kinds';
import { feedingStreamId } from '../shared/stream-ids';
import { feedingCsv } from './feeding-csv';
import { feedingResearch, type FeedingResearch } from './feeding-research';
import { decideFeeding, type FeedingCommand } from './feeding.decider';
import { evolveFeeding, initialFeedingState, type FeedingEvent, type FeedingLogged, type FeedingState } from './feeding.events';
import { feedingEventDefinitions } from './feeding-events.schemas';
import { feedingBody } from './feeding-request';
import { checkFeeding } from './feeding-rules';
import { feedingTimeline, type FeedingFields, type FeedingView } from './feeding-timeline';
import { feedingViewSchema, writtenFeedingSchema } from './feeding-view.schemas';

export type FeedingKind = {
  kind: 'feeding';
  timing: 'session';
  command: FeedingCommand;
  eventType: FeedingEvent['type'];
  state: FeedingState;
  body: z.infer<typeof feedingBody>;
  logged: FeedingLogged['data'];
  fields: FeedingFields;
  view: FeedingView;
  research: FeedingResearch;
};

/** A feeding: a bottle or nursing, from start to end; two feedings of a child may not overlap. */
export const feedingKind: EntryKindDefinition<FeedingKind> = {
  kind: 'feeding',
  ...ENTRY_KIND_LISTING.feeding,
  notFound: 'Feeding not found',
  anEntry: 'a feeding',
  idField: 'feedingId',
  streamId: feedingStreamId,
  timing: 'session',
  events: { logged: 'FeedingLogged', corrected: 'FeedingCorrected', deleted: 'FeedingDeleted', restored: 'FeedingRestored', resealed: 'FeedingNotesResealed' },
  commands: { log: 'LogFeeding', correct: 'CorrectFeeding', remove: 'DeleteFeeding', restore: 'RestoreFeeding' },
  eventDefinitions: feedingEventDefinitions,
  schemas: { tag: 'Feedings', answer: feedingViewSchema, written: writtenFeedingSchema },
  decider: { initialState: initialFeedingState, evolve: evolveFeeding, decide: decideFeeding },
  body: feedingBody,
  startField: 'startedAt',
  check: (body, now, origin) => checkFeeding(body, now, origin),
  resealNotes: (feedingId, notes) => ({ type: 'ResealFeedingNotes', data: { feedingId, notes } }),
  timeline: feedingTimeline,
  csv: feedingCsv,
  research: feedingResearch,
};
