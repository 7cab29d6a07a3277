import type { Sex } from '../children/child.events';
import { ENTRY_EVENT_TYPES, entryEventOf, entryKind, type ENTRY_KINDS } from '../entries/all-entry-kinds';
import type { EntryKind } from '../entries/entry-kinds';
import type { GrowthEvent } from '../growth/growth.events';
import { growthResearch, type GrowthResearch } from '../growth/growth-research';
import { addDays, daysBetween, localDateOf, localTimeOf, weekdayOf, type LocalDate, type LocalTime } from '../time/zoned-time';
import type { ChildResearchFacts } from './child-research-facts';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** Fields every research event has. Dates are on the child's shifted calendar; times of day are true. */
export interface ResearchEventBase {
  /** The child's pseudonym: one research stream per child. */
  stream: string;
  /**
   * 1 for the child's first research event, then one more for each: its order within the child's
   * stream. Never the log position, which would line children up against each other in real time.
   */
  seq: number;
  /**
   * Shifted local wall-clock time, 'YYYY-MM-DDTHH:MM' without a UTC offset: offsets change on the
   * real daylight-saving dates, which would give the shift away.
   */
  shiftedAt: string;
  localDate: LocalDate;
  localTime: LocalTime;
  weekday: (typeof WEEKDAYS)[number];
  /** Whole days since birth on the local calendar; null when the birth date could not be recovered. */
  ageDays: number | null;
  sex: Sex;
}

/** What research keeps of one kind's logged, corrected or restored entries (each kind's `research`, reviewed in docs/research.md). */
type EntryResearchFields<K extends EntryKind> = ReturnType<(typeof ENTRY_KINDS)[K]['research']['fields']>;

/**
 * Every kind of entry's lines: logged, corrected and restored (a deletion undone, the entry as it
 * was) with what research keeps, deleted with the entry alone.
 */
type EntryResearchEvent = {
  [K in EntryKind]: ({ kind: `${K}-logged` | `${K}-corrected` | `${K}-restored`; entry: string } & EntryResearchFields<K>) | { kind: `${K}-deleted`; entry: string };
}[EntryKind];

/** A growth measurement is of a day, not a time: its line has the shifted date and no time of day. */
export type ResearchDayBase = Omit<ResearchEventBase, 'shiftedAt' | 'localTime'> & { shiftedAt: LocalDate; localTime: null };

export type ResearchEvent =
  | (ResearchEventBase &
      ({ kind: 'child-registered'; shiftedBirthDate: LocalDate | null } | { kind: 'child-anonymized' } | EntryResearchEvent | { kind: 'growth-deleted'; entry: string }))
  | (ResearchDayBase & { kind: 'growth-measured' | 'growth-corrected' | 'growth-restored'; entry: string } & GrowthResearch);

/**
 * Tells a researcher who holds earlier lines of a stream to drop them all: the parent removed the
 * child since, which deletes it with all its data. Nothing else about the child is said.
 */
export interface ResearchWithdrawal {
  stream: string;
  kind: 'child-withdrawn';
}

/** An event as read from the log; only these parts of it are ever looked at. */
export interface SourceEvent {
  type: string;
  data: unknown;
  recordedAt: string;
}

// A removed child is not here: its parent deleted it with all its data, so research drops it whole.
const CHILD_EVENT_KINDS: Readonly<Record<string, 'child-registered' | 'child-anonymized'>> = {
  ChildRegistered: 'child-registered',
  ChildAnonymized: 'child-anonymized',
};
const GROWTH_EVENT_KINDS = {
  GrowthMeasured: 'growth-measured',
  GrowthMeasurementCorrected: 'growth-corrected',
  GrowthMeasurementDeleted: 'growth-deleted',
  GrowthMeasurementRestored: 'growth-restored',
} as const satisfies Record<GrowthEvent['type'], string>;

/** Every kind of entry's events but the resealings of its notes: they change nothing research sees. */
const RESEARCHED_ENTRY_EVENTS: ReadonlySet<string> = new Set([...ENTRY_EVENT_TYPES].filter((type) => entryEventOf(type)?.role !== 'resealed'));

const isGrowthEvent = (type: string): boolean => Object.hasOwn(GROWTH_EVENT_KINDS, type);
const isResearched = (type: string): boolean => type in CHILD_EVENT_KINDS || isGrowthEvent(type) || RESEARCHED_ENTRY_EVENTS.has(type);

/**
 * The child a research event would be about, or null for an event research drops unseen (accounts,
 * e-mail reservations, profile edits, removals, milestone alerts: alerts follow from age, which
 * every event has; resealed notes). Every event it names a child for becomes exactly one research event of that child.
 */
export function researchChildIdOf(event: { type: string; data: unknown }): string | null {
  if (!isResearched(event.type)) return null;
  const childId = (event.data as { childId?: unknown }).childId;
  return typeof childId === 'string' ? childId : null;
}

/** The fields every kind shares, with `kind` third so a line reads stream, seq, kind first. */
function baseOf<Kind extends string>(kind: Kind, seq: number, instant: string, facts: ChildResearchFacts): ResearchEventBase & { kind: Kind } {
  const at = new Date(instant);
  const localDate = addDays(localDateOf(at, facts.schedule.timezone), facts.dateShiftDays);
  const localTime = localTimeOf(at, facts.schedule.timezone);
  return { stream: facts.pseudonym, seq, kind, shiftedAt: `${localDate}T${localTime}`, localDate, localTime, weekday: WEEKDAYS[weekdayOf(localDate)]!, ...ageAndSex(localDate, facts) };
}

/** The fields of a line of a day without a time (a growth measurement's `measuredOn`). */
function dayBaseOf<Kind extends string>(kind: Kind, seq: number, day: LocalDate, facts: ChildResearchFacts): ResearchDayBase & { kind: Kind } {
  const localDate = addDays(day, facts.dateShiftDays);
  return { stream: facts.pseudonym, seq, kind, shiftedAt: localDate, localDate, localTime: null, weekday: WEEKDAYS[weekdayOf(localDate)]!, ...ageAndSex(localDate, facts) };
}

const ageAndSex = (localDate: LocalDate, facts: ChildResearchFacts) => ({
  ageDays: facts.researchBirthDate === null ? null : daysBetween(facts.researchBirthDate, localDate),
  sex: facts.sex,
});

/**
 * Maps one event of a child's life, the `seq`-th of its research stream, to its research event, or
 * null when research drops it. Only what is listed in ResearchEvent leaves: never names, notes, ids,
 * owners, log positions or request metadata. Entry ids are replaced by `entryPseudonym`, which the
 * caller computes with the research secret.
 */
export function anonymiseEvent(event: SourceEvent, seq: number, facts: ChildResearchFacts, entryPseudonym: (entryId: string) => string): ResearchEvent | null {
  const childKind = CHILD_EVENT_KINDS[event.type];
  if (childKind === 'child-registered') {
    return { ...baseOf(childKind, seq, event.recordedAt, facts), shiftedBirthDate: facts.researchBirthDate };
  }
  if (childKind) return baseOf(childKind, seq, event.recordedAt, facts);

  if (isGrowthEvent(event.type)) return anonymiseGrowth(event, seq, facts, entryPseudonym);

  const entryEvent = entryEventOf(event.type);
  if (!entryEvent || entryEvent.role === 'resealed') return null;
  const kind = entryKind(entryEvent.kind);
  const data = event.data as Record<string, unknown>;
  const entry = entryPseudonym(data[kind.idField] as string);
  // A deletion is dated by when it was recorded; an entry by when it happened.
  if (entryEvent.role === 'deleted') return { ...baseOf(`${kind.kind}-deleted`, seq, event.recordedAt, facts), entry } as ResearchEvent;
  const base = baseOf(`${kind.kind}-${entryEvent.role}`, seq, kind.research.at(data), facts);
  return { ...base, entry, ...kind.research.fields(data, { ageDays: base.ageDays, schedule: facts.schedule }) } as ResearchEvent;
}

/** A measurement is dated by the day it was taken (`measuredOn`), a deletion by when it was recorded. */
function anonymiseGrowth(event: SourceEvent, seq: number, facts: ChildResearchFacts, entryPseudonym: (entryId: string) => string): ResearchEvent {
  const growth = event as unknown as GrowthEvent;
  const entry = entryPseudonym(growth.data.measurementId);
  if (growth.type === 'GrowthMeasurementDeleted') return { ...baseOf('growth-deleted', seq, event.recordedAt, facts), entry };
  return { ...dayBaseOf(GROWTH_EVENT_KINDS[growth.type], seq, growth.data.measuredOn, facts), entry, ...growthResearch(growth.data) };
}
