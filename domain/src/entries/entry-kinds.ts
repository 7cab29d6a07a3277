import { diaperStreamId, feedingStreamId, pumpingStreamId, sleepStreamId } from '../shared/stream-ids';

/** Every kind of entry a child's timeline holds. Adding one fails the type check wherever a kind is handled. */
export type EntryKind = 'feeding' | 'sleep' | 'diaper' | 'pumping';

/** What the API, the event log and the projections know about a kind of entry. */
export interface EntryKindDefinition {
  kind: EntryKind;
  /** The REST collection, '/api/feedings'. */
  path: string;
  /** The 404 message of an entry that is not there, or not the caller's family's. */
  notFound: string;
  /** The id field of its events and commands, 'feedingId'. */
  idField: string;
  streamId: (id: string) => string;
  /**
   * A session lasts from start to end and two of a kind may not overlap; a span lasts too but may
   * overlap (a parent can pump while the baby naps, or twice in a row); an instant has no length.
   */
  timing: 'session' | 'span' | 'instant';
  events: { logged: string; corrected: string; deleted: string; resealed: string };
  commands: { log: string; correct: string; remove: string };
}

export const ENTRY_KINDS = {
  feeding: {
    kind: 'feeding',
    path: '/api/feedings',
    notFound: 'Feeding not found',
    idField: 'feedingId',
    streamId: feedingStreamId,
    timing: 'session',
    events: { logged: 'FeedingLogged', corrected: 'FeedingCorrected', deleted: 'FeedingDeleted', resealed: 'FeedingNotesResealed' },
    commands: { log: 'LogFeeding', correct: 'CorrectFeeding', remove: 'DeleteFeeding' },
  },
  sleep: {
    kind: 'sleep',
    path: '/api/sleep',
    notFound: 'Sleep session not found',
    idField: 'sleepId',
    streamId: sleepStreamId,
    timing: 'session',
    events: { logged: 'SleepLogged', corrected: 'SleepCorrected', deleted: 'SleepDeleted', resealed: 'SleepNotesResealed' },
    commands: { log: 'LogSleep', correct: 'CorrectSleep', remove: 'DeleteSleep' },
  },
  diaper: {
    kind: 'diaper',
    path: '/api/diapers',
    notFound: 'Diaper change not found',
    idField: 'diaperId',
    streamId: diaperStreamId,
    timing: 'instant',
    events: { logged: 'DiaperChanged', corrected: 'DiaperCorrected', deleted: 'DiaperDeleted', resealed: 'DiaperNotesResealed' },
    commands: { log: 'LogDiaper', correct: 'CorrectDiaper', remove: 'DeleteDiaper' },
  },
  pumping: {
    kind: 'pumping',
    path: '/api/pumpings',
    notFound: 'Pumping session not found',
    idField: 'pumpingId',
    streamId: pumpingStreamId,
    timing: 'span',
    events: { logged: 'PumpingLogged', corrected: 'PumpingCorrected', deleted: 'PumpingDeleted', resealed: 'PumpingNotesResealed' },
    commands: { log: 'LogPumping', correct: 'CorrectPumping', remove: 'DeletePumping' },
  },
} as const satisfies { [K in EntryKind]: EntryKindDefinition & { kind: K } };

/** The kinds that last from a start to an end, and on which two entries may not overlap. */
export type SessionKind = { [K in EntryKind]: (typeof ENTRY_KINDS)[K]['timing'] extends 'session' ? K : never }[EntryKind];

export const isSessionKind = (kind: EntryKind): kind is SessionKind => ENTRY_KINDS[kind].timing === 'session';

export const ENTRY_KIND_NAMES = Object.keys(ENTRY_KINDS) as EntryKind[];

type EventRole = keyof EntryKindDefinition['events'];
const BY_EVENT_TYPE = new Map<string, { kind: EntryKind; role: EventRole }>(
  ENTRY_KIND_NAMES.flatMap((kind) => (Object.entries(ENTRY_KINDS[kind].events) as [EventRole, string][]).map(([role, type]) => [type, { kind, role }] as const)),
);

/** The kind of entry an event is about and what it does to it, or null for an event of no entry. */
export function entryEventOf(type: string): { kind: EntryKind; role: EventRole } | null {
  return BY_EVENT_TYPE.get(type) ?? null;
}

/** Every event type of every kind of entry: what the timeline projection handles. */
export const ENTRY_EVENT_TYPES: ReadonlySet<string> = new Set(BY_EVENT_TYPE.keys());
