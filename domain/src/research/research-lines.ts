import type { Sex } from '../children/child.events';
import { ENTRY_EVENT_TYPES, ENTRY_KIND_LIST, entryEventOf, entryKind, type ENTRY_KINDS } from '../entries/all-entry-kinds';
import type { EntryKind } from '../entries/entry-kinds';
import { growthResearch, growthResearchColumns, type GrowthResearch } from '../growth/growth-research';
import type { GrowthEvent } from '../growth/growth.events';
import { addDays, localDateOf, type LocalDate } from '../time/zoned-time';
import type { AgeFrom, ChildResearchFacts } from './child-research-facts';
import { lastDateOf, shiftedClock, type ShiftedTimes } from './shifted-clock';

/** The version of the lines' format, on every line and on the `end` line. */
export const RESEARCH_SCHEMA_VERSION = 2;

export type ResearchEntryKind = EntryKind | 'growth';
export type EntryLineRole = 'logged' | 'corrected' | 'restored' | 'deleted';

type UnionToIntersection<Union> = (Union extends unknown ? (each: Union) => void : never) extends (all: infer All) => void ? All : never;

/** Every kind's own columns: an entry line has all of them, null where they are another kind's. */
/** Named fields only: a kind that keeps no column of its own (`z.strictObject({})`) adds none, rather than an index signature. */
type Named<Fields> = { [Field in keyof Fields as string extends Field ? never : Field]: Fields[Field] };

export type KindColumns = UnionToIntersection<{ [K in EntryKind]: Named<ReturnType<(typeof ENTRY_KINDS)[K]['research']['fields']>> }[EntryKind]> & GrowthResearch;
type NullableKindColumns = { [K in keyof KindColumns]: KindColumns[K] | null };

interface LineStart {
  schemaVersion: typeof RESEARCH_SCHEMA_VERSION;
  /** The child's pseudonym: one research stream per child. */
  stream: string;
}

/** A feeding, sleep, diaper change, pumping session or measurement, as logged, corrected or withdrawn. */
export interface EntryLine extends LineStart, ShiftedTimes, NullableKindColumns {
  /** The event's number in the child's history: lines are applied in this order. */
  seq: number;
  kind: `${ResearchEntryKind}-${EntryLineRole}`;
  entry: string;
  sex: Sex;
}

export interface ChildRegisteredLine extends LineStart {
  seq: number;
  kind: 'child-registered';
  sex: Sex;
  shiftedBirthDate: LocalDate | null;
  ageFrom: AgeFrom | null;
  nightWindowStart: string;
  nightWindowEnd: string;
}

export interface ChildAnonymizedLine extends LineStart {
  seq: number;
  kind: 'child-anonymized';
}

/** What one event of a child's history gives research. */
export type ResearchLine = EntryLine | ChildRegisteredLine | ChildAnonymizedLine;

/** Drop every line of the stream you hold: the lines after this one are all of it again. */
export interface StreamRestatedLine extends LineStart {
  kind: 'stream-restated';
}

/** Drop every line of the stream you hold: the child left the release (removed, or research no longer agreed to). */
export interface ChildWithdrawnLine extends LineStart {
  kind: 'child-withdrawn';
}

export type StreamControlLine = StreamRestatedLine | ChildWithdrawnLine;

const GROWTH_ROLES = { GrowthMeasured: 'logged', GrowthMeasurementCorrected: 'corrected', GrowthMeasurementRestored: 'restored', GrowthMeasurementDeleted: 'deleted' } as const satisfies Record<GrowthEvent['type'], EntryLineRole>;
const isGrowthEvent = (type: string): type is GrowthEvent['type'] => Object.hasOwn(GROWTH_ROLES, type);
const CHILD_LINE_EVENTS: ReadonlySet<string> = new Set(['ChildRegistered', 'ChildAnonymized']);
/** Every kind of entry's events but the resealings of its notes: they change nothing research sees. */
const RESEARCHED_ENTRY_EVENTS: ReadonlySet<string> = new Set([...ENTRY_EVENT_TYPES].filter((type) => entryEventOf(type)?.role !== 'resealed'));

/**
 * The child whose history an event belongs to for research, or null for an event research drops
 * unseen (accounts, e-mail reservations, profile edits and answers about research, which change the
 * child's facts rather than make a line, removals, milestone alerts, resealed notes). Every event
 * it names a child for is one step of that child's history, numbered by `seq`.
 */
export function researchChildIdOf(event: { type: string; data: unknown }): string | null {
  if (!CHILD_LINE_EVENTS.has(event.type) && !isGrowthEvent(event.type) && !RESEARCHED_ENTRY_EVENTS.has(event.type)) return null;
  const childId = (event.data as { childId?: unknown }).childId;
  return typeof childId === 'string' ? childId : null;
}

/** Where an entry event's values end: its end (else its start) instant, or a measurement's day; null for an event without values. */
export function valuesEndOf(event: { type: string; data: unknown }): { instant: string } | { day: LocalDate } | null {
  if (isGrowthEvent(event.type)) return event.type === 'GrowthMeasurementDeleted' ? null : { day: (event.data as { measuredOn: LocalDate }).measuredOn };
  const entryEvent = entryEventOf(event.type);
  if (!entryEvent || entryEvent.role === 'deleted' || entryEvent.role === 'resealed') return null;
  const { research } = entryKind(entryEvent.kind);
  return { instant: research.endAt(event.data as never) ?? research.at(event.data as never) };
}

/** Whether values ending there are in a release whose first left-out shifted date is `cutoff`. */
export function isReleased(end: { instant: string } | { day: LocalDate }, facts: Pick<ChildResearchFacts, 'dateShiftDays' | 'schedule'>, cutoff: LocalDate): boolean {
  const shiftedDate = 'day' in end ? addDays(end.day, facts.dateShiftDays) : localDateOf(shiftedClock({ ...facts, researchBirthDate: null }).shifted(end.instant), facts.schedule.timezone);
  return shiftedDate < cutoff;
}

/** Every kind's columns, in one order, all null: an entry line has them all, its own kind's filled in. */
const NO_KIND_COLUMNS = Object.fromEntries(
  [...ENTRY_KIND_LIST.map(({ research }) => research.columns), growthResearchColumns].flatMap((columns) => Object.keys(columns.shape)).map((name) => [name, null]),
) as { [K in keyof KindColumns]: null };

export const KIND_COLUMN_NAMES = Object.keys(NO_KIND_COLUMNS) as (keyof KindColumns)[];

/**
 * The lines of one child's history, event by event in log order, for a release whose first
 * left-out shifted date is `cutoff`. An entry's line says its values as they are after the event,
 * when they lie before the cutoff. An entry that had a line and is deleted, or corrected to values
 * past the cutoff, is withdrawn by a `-deleted` line carrying the dates of the values it had: no
 * line is ever dated by when something was recorded. Lines are deterministic: the same history,
 * facts and cutoff give the same lines.
 */
export function childLineBuilder(facts: ChildResearchFacts, cutoff: LocalDate, entryPseudonym: (entryId: string) => string) {
  const clock = shiftedClock(facts);
  /** Each entry's line as last given, while it stands. */
  const standing = new Map<string, EntryLine>();
  const start = { schemaVersion: RESEARCH_SCHEMA_VERSION, stream: facts.pseudonym } as const;

  function withdrawn(entry: string, kind: ResearchEntryKind, seq: number): EntryLine | null {
    const last = standing.get(entry);
    if (!last) return null;
    standing.delete(entry);
    return { ...last, seq, kind: `${kind}-deleted`, ...NO_KIND_COLUMNS };
  }

  function entryLine(seq: number, kind: ResearchEntryKind, role: Exclude<EntryLineRole, 'deleted'>, entry: string, times: ShiftedTimes, fields: Partial<KindColumns>): EntryLine | null {
    if (lastDateOf(times) >= cutoff) return withdrawn(entry, kind, seq);
    const line: EntryLine = { ...start, seq, kind: `${kind}-${role}`, entry, sex: facts.sex, ...times, ...NO_KIND_COLUMNS, ...fields };
    standing.set(entry, line);
    return line;
  }

  return function lineOf(event: { type: string; data: unknown }, seq: number): ResearchLine | null {
    if (event.type === 'ChildRegistered') {
      const { nightWindowStart, nightWindowEnd } = facts.schedule;
      return { ...start, seq, kind: 'child-registered', sex: facts.sex, shiftedBirthDate: facts.researchBirthDate, ageFrom: facts.ageFrom, nightWindowStart, nightWindowEnd };
    }
    if (event.type === 'ChildAnonymized') return { ...start, seq, kind: 'child-anonymized' };

    if (isGrowthEvent(event.type)) {
      const growth = event as GrowthEvent;
      const entry = entryPseudonym(growth.data.measurementId);
      if (growth.type === 'GrowthMeasurementDeleted') return withdrawn(entry, 'growth', seq);
      return entryLine(seq, 'growth', GROWTH_ROLES[growth.type], entry, clock.day(growth.data.measuredOn), growthResearch(growth.data));
    }

    const entryEvent = entryEventOf(event.type);
    if (!entryEvent || entryEvent.role === 'resealed') return null;
    const kind = entryKind(entryEvent.kind);
    const data = event.data as never;
    const entry = entryPseudonym((event.data as Record<string, string>)[kind.idField]!);
    if (entryEvent.role === 'deleted') return withdrawn(entry, kind.kind, seq);
    const times = clock.times(kind.research.at(data), kind.research.endAt(data));
    const fields = kind.research.fields(data, { ageDays: times.ageDays, schedule: facts.schedule, shifted: clock.shifted }) as Partial<KindColumns>;
    return entryLine(seq, kind.kind, entryEvent.role, entry, times, fields);
  };
}
