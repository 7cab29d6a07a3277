import { diaperKind } from '../diapers/diaper.kind';
import { feedingKind } from '../feedings/feeding.kind';
import { medicationKind } from '../medications/medication.kind';
import { pumpingKind } from '../pumpings/pumping.kind';
import { sleepKind } from '../sleeps/sleep.kind';
import { solidKind } from '../solids/solid.kind';
import { temperatureKind } from '../temperatures/temperature.kind';
import { tummyTimeKind } from '../tummy-times/tummy-time.kind';
import type { EventDefinition } from '../events/event-definition';
import type { EntryKindDefinition } from './entry-kind-definition';
import { ENTRY_KIND_NAMES, type EntryKind } from './entry-kinds';

/** A definition for every kind, each under its own name. */
export type EntryKindRegistry = { [K in EntryKind]: EntryKindDefinition & { kind: K } };

/**
 * Every kind's definition, from its own folder: a kind added to ENTRY_KIND_LISTING fails the type
 * check here until it has one.
 */
export const ENTRY_KINDS = {
  feeding: feedingKind,
  sleep: sleepKind,
  diaper: diaperKind,
  pumping: pumpingKind,
  solid: solidKind,
  medication: medicationKind,
  temperature: temperatureKind,
  tummyTime: tummyTimeKind,
} as const satisfies EntryKindRegistry;

/** A kind's definition as code that handles every kind reads it, without naming the kind. */
export const entryKind = (kind: EntryKind): EntryKindDefinition => ENTRY_KINDS[kind];

/** The definitions in the order of ENTRY_KIND_NAMES. */
export const ENTRY_KIND_LIST: readonly EntryKindDefinition[] = ENTRY_KIND_NAMES.map(entryKind);

/** The kinds that last from a start to an end, and on which two entries may not overlap. */
export type SessionKind = { [K in EntryKind]: (typeof ENTRY_KINDS)[K]['timing'] extends 'session' ? K : never }[EntryKind];

export const isSessionKind = (kind: EntryKind): kind is SessionKind => ENTRY_KINDS[kind].timing === 'session';

export type EventRole = keyof EntryKindDefinition['events'];
const BY_EVENT_TYPE = new Map<string, { kind: EntryKind; role: EventRole }>(
  ENTRY_KIND_LIST.flatMap(({ kind, events }) => (Object.entries(events) as [EventRole, string][]).map(([role, type]) => [type, { kind, role }] as const)),
);

/** The kind of entry an event is about and what it does to it, or null for an event of no entry. */
export function entryEventOf(type: string): { kind: EntryKind; role: EventRole } | null {
  return BY_EVENT_TYPE.get(type) ?? null;
}

/** Every event type of every kind of entry: what the timeline projection handles. */
export const ENTRY_EVENT_TYPES: ReadonlySet<string> = new Set(BY_EVENT_TYPE.keys());

type EntryEventType = { [K in EntryKind]: keyof (typeof ENTRY_KINDS)[K]['eventDefinitions'] }[EntryKind];

/** The schemas of every kind's events, for the event registry. */
export const ENTRY_EVENT_DEFINITIONS = Object.assign({}, ...ENTRY_KIND_LIST.map((kind) => kind.eventDefinitions)) as Readonly<Record<EntryEventType, EventDefinition>>;
