import type { ZodObject, ZodType } from 'zod';
import type { EventDefinition } from '../events/event-definition';
import type { EntryCsvCells } from '../exports/entry-csv';
import type { DailyInput } from '../insights/daily-insights';
import type { ChildSchedule } from '../insights/insight-inputs';
import type { EntryReading, EntryViewBase, KindDocument } from '../read-models/timeline/timeline-document';
import type { DomainEvent, SealedText } from '../shared/domain-event';
import type { RecordedSleepEnvironment, SleepEnvironment } from '../sleeps/sleep.events';
import type { EntryViewWithoutNotes } from '../timeline/timeline-entry';
import type { Units } from '../units/units';
import type { EntryKind, EntryKindListing } from './entry-kinds';

/**
 * A session lasts from start to end and two of a kind may not overlap; a span lasts too but may
 * overlap (a parent can pump while the baby naps, or twice in a row); an instant has no length.
 */
export type EntryTiming = 'session' | 'span' | 'instant';

/** The types one kind's definition is written with, named once in its folder. */
export interface EntryKindTypes {
  kind: EntryKind;
  timing: EntryTiming;
  /** The commands of its decider. */
  command: unknown;
  state: EntryState;
  /** The types of its events. */
  eventType: string;
  /** Its request body, as its zod schema gives it. */
  body: unknown;
  /** The data of its logged and corrected events. */
  logged: unknown;
  /** Its own fields of a timeline document (a feeding's amount, a diaper's contents). */
  fields: object;
  /** Its answer in the API. */
  view: EntryViewBase;
  /** What research keeps of it. */
  research: object;
}

/** State of an entry's stream: its child and its sealed details, as its events record them, once logged. */
export type EntryState = { status: 'none' | 'logged' | 'deleted'; ref: { childId: string; ownerId: string } | null; details: object | null };

/**
 * An entry's details after its kind's rules ran, defaults applied: its times, its own fields, and
 * notes and a sleep's tag in plain text.
 */
export type CheckedEntry<Fields = object> = EntryTimes & Omit<Partial<Fields>, 'environment'> & { environment?: SleepEnvironment | null; notes: string };

/** An entry's details as the timeline knows them: notes and a sleep's tag sealed. */
export type RecordedEntry<Fields = object> = EntryTimes & Omit<Partial<Fields>, 'environment'> & { environment?: RecordedSleepEnvironment | null; notes: SealedText };

/** The decider of an entry's stream. Methods, so a kind's own decider stands in for any kind's. */
export interface EntryDecider<Command, State> {
  initialState(): State;
  evolve(state: State, event: { type: string; data: unknown }): State;
  decide(command: Command, state: State): DomainEvent[];
}

/** The group of a kind's routes in the API description, and the entry its routes answer with. */
export interface EntryKindSchemas {
  tag: string;
  answer: ZodType;
  /** The answer of a write: the entry and the write's position. */
  written: ZodType;
}

/**
 * Where an entry's details come from: a parent's dialog, or a file (an export of this app or another
 * tracker's). The file's are kept as they were recorded: an amount off the dialog's steps (3.4 oz,
 * 123 mL) as entered, notes left empty as empty (the dialog's default notes are its own).
 */
export type EntryOrigin = 'dialog' | 'file';

/** Where an entry starts and ends; an instant ends when it starts. */
export interface EntryTimes {
  startedAt: string;
  endedAt: string;
}

/** A kind's place in the timeline read model, its answers and the insights. */
export interface EntryTimeline<Types extends EntryKindTypes> {
  /** What its logged or corrected event says about the entry, beyond who and which child. */
  factsOf(data: Types['logged']): EntryTimes & Types['fields'];
  /**
   * Its own fields of a document, copied from `facts`, null where `facts` has none. Every document
   * holds every kind's fields (the others null): this gives them for a document of any kind.
   */
  fields(facts: Partial<Types['fields']>): Types['fields'];
  /** Its line in the timeline, with the times already read: a rebuild makes a million lines. */
  line(entry: { id: string } & Types['fields'], startedAt: number, endedAt: number, timezone: string): EntryViewWithoutNotes;
  /** The amount column of its line in the reader's unit. */
  amountText(doc: KindDocument<Types['fields']>, units: Units | null): string;
  /** Its answer's own fields, after the ones every entry has. */
  apiView(doc: KindDocument<Types['fields']>, reading: EntryReading): Omit<Types['view'], keyof EntryViewBase>;
  /** What it adds to its day's insights, or null for nothing. */
  dailyInput(doc: KindDocument<Types['fields']>): DailyInput | null;
}

/** A kind's columns in a child's CSV export, and the request body a row of them is imported as. */
export interface EntryCsv<Types extends EntryKindTypes> {
  /** Its times and its own columns, amounts in the reader's `units` (left out where nothing applies). */
  row(view: Types['view'], units: Units | null): EntryTimes & { cells: EntryCsvCells };
  /** The body of its route from a row of this app's export, cells by column: times in UTC, amounts as entered. */
  body(cells: Readonly<Record<string, string>>): Record<string, unknown>;
}

/** What a kind's research fields are computed with: the line's age, and the child's clock. */
export interface ResearchLineContext {
  ageDays: number | null;
  schedule: ChildSchedule;
  /** An instant of the entry moved by the child's date shift, as the line's own times are. */
  shifted(instant: string): number;
}

/**
 * The research line of a logged or corrected entry, after the fields every line has and its entry's
 * pseudonym. Each field is reviewed in docs/research.md before it leaves: never notes, ids, free
 * text or the unit it was entered in, and rare values that would single a child out coarsened or left out.
 */
export interface EntryResearch<Types extends EntryKindTypes> {
  /** Its own columns, described for the codebook (the lines' JSON Schema in the API description). */
  columns: ZodObject;
  /** When the entry started, which dates and times its line. */
  at(data: Types['logged']): string;
  /** When it ended; null for an instant or a session without a length. */
  endAt(data: Types['logged']): string | null;
  /** What research keeps of it. */
  fields(data: Types['logged'], line: ResearchLineContext): Types['research'];
}

/**
 * Everything the services and the read models know about one kind of entry, in its own folder. The
 * services, the projections and the query routes iterate over the kinds (`all-entry-kinds.ts`); none
 * of them names a kind. Members are methods, so any kind's definition stands in for the general one.
 */
export interface EntryKindDefinition<Types extends EntryKindTypes = EntryKindTypes> extends EntryKindListing {
  kind: Types['kind'];
  /** The 404 message of an entry that is not there, or not the caller's family's. */
  notFound: string;
  /** How a message names one of its entries: 'This overlaps a sleep session already logged'. */
  anEntry: string;
  /** The id field of its events and commands, 'feedingId'. */
  idField: string;
  streamId(id: string): string;
  timing: Types['timing'];
  /** `restored`: a deleted entry back as it was (Undo), with the details of a logged one. */
  events: { logged: Types['eventType']; corrected: Types['eventType']; deleted: Types['eventType']; restored: Types['eventType']; resealed: Types['eventType'] };
  commands: { log: string; correct: string; remove: string; restore: string };
  /** The schemas of its events, which the event registry takes in. */
  eventDefinitions: Readonly<Record<Types['eventType'], EventDefinition>>;
  schemas: EntryKindSchemas;

  decider: EntryDecider<Types['command'], Types['state']>;
  body: ZodType<{ childId: string }>;
  /** Its rules on a parsed body, with their messages. */
  check(body: Types['body'], now: Date, origin?: EntryOrigin): CheckedEntry<Types['fields']>;
  /** The request field of its start ('startedAt', a diaper's 'occurredAt'), which a refusal of its time names. */
  startField: 'startedAt' | 'occurredAt';
  /**
   * Seals the free text the entry records besides its notes (a sleep's sack tag) with `seal`, and
   * gives the details without the notes as its events record them. Without it they are recorded as checked.
   */
  sealDetails?(checked: CheckedEntry<Types['fields']>, seal: (text: string) => Promise<SealedText>): Promise<Omit<RecordedEntry<Types['fields']>, 'notes'>>;
  /**
   * How its events record an entry when not as the timeline's start and end (a diaper change
   * records one instant, `occurredAt`), and back. Without it they are recorded as they are.
   */
  recordedAs?: { event(recorded: RecordedEntry<Types['fields']>): object; entry(details: NonNullable<Types['state']['details']>): RecordedEntry<Types['fields']> };
  /** The command that seals its notes (and a sleep's tag) again with the child's key. */
  resealNotes(id: string, notes: SealedText, sleepSackTag: SealedText | null): Types['command'];

  timeline: EntryTimeline<Types>;
  csv: EntryCsv<Types>;
  research: EntryResearch<Types>;
}
