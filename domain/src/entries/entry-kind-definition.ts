import type { ZodObject, ZodType } from 'zod';
import type { EventDefinition } from '../events/event-definition';
import type { DailyInput } from '../insights/daily-insights';
import type { ChildSchedule } from '../insights/insight-inputs';
import type { EntryChangedPart } from '../read-models/timeline/entry-history';
import type { EntryReading } from '../read-models/timeline/timeline-document';
import type { ReportContribution } from '../reports/report-contribution';
import type { DomainEvent, SealedText } from '../shared/domain-event';
import type { EntryViewWithoutNotes } from '../timeline/timeline-entry';
import type { Units } from '../units/units';
import type { EntryKind, EntryKindListing } from './entry-kinds';

/**
 * A session lasts from start to end and two of a kind may not overlap; a span lasts too but may
 * overlap (a parent can pump while the baby naps, or twice in a row); an instant has no length.
 */
export type EntryTiming = 'session' | 'span' | 'instant';

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

/**
 * An entry after its kind's rules ran, defaults applied: its times, its own details and its notes,
 * free text in plain.
 */
export interface CheckedEntry<Details = object> extends EntryTimes {
  details: Details;
  notes: string;
}

/** An entry as its events record it: the same, with every free text sealed. */
export interface RecordedEntry<Details = object> extends EntryTimes {
  details: Details;
  notes: SealedText;
}

/** Who an entry's events are about: its id (under its kind's id field), its child, and the member who logged it. */
export type EntryRef = { childId: string; ownerId: string } & Record<string, string>;

/** State of an entry's stream: its child and what its events record of it (times, details, sealed notes), once logged. */
export interface EntryState {
  status: 'none' | 'logged' | 'deleted';
  ref: EntryRef | null;
  details: Record<string, unknown> | null;
}

/** A command of an entry's stream: its kind's log, correct, remove, restore or reseal. */
export interface EntryCommand {
  type: string;
  data: Record<string, unknown>;
}

/** The decider of an entry's stream. */
export interface EntryDecider {
  initialState(): EntryState;
  evolve(state: EntryState, event: { type: string; data: unknown }): EntryState;
  decide(command: EntryCommand, state: EntryState): DomainEvent[];
}

/** The group of a kind's routes in the API description, and the entry its routes answer with. */
export interface EntryKindSchemas {
  tag: string;
  answer: ZodType;
  /** The answer of a write: the entry and the write's position. */
  written: ZodType;
}

/** The types one kind is made of, all following from its declaration (`defineEntryKind`). */
export interface EntryKindTypes {
  kind: EntryKind;
  timing: EntryTiming;
  /** The types of its events. */
  eventType: string;
  /** Its request body, as its zod schema gives it. */
  body: unknown;
  /** Its own fields, as recorded (free text sealed) and as read (opened): the same shape. */
  details: object;
  /** Its answer's own fields: its times as its events record them, its details, and what is worked out when read. */
  view: object;
  /** What research keeps of it. */
  research: object;
}

/** What makes an entry's line: its sign and what stands in the amount's place ('Dirty · green', '4 oz'). */
export interface EntryLineParts {
  icon: string;
  amount: string;
}

/** A kind's place in the timeline read model, its answers and the insights. */
export interface EntryTimeline<Types extends EntryKindTypes = EntryKindTypes> {
  /** What a logged, corrected or restored event says about the entry, beyond who and which child. */
  factsOf(data: unknown): EntryTimes & { details: Types['details'] };
  /** Its line in the timeline, with the times already read: a rebuild makes a million lines. */
  line(id: string, details: Types['details'], startedAt: number, endedAt: number, timezone: string): EntryViewWithoutNotes;
  /** The amount column of its answer's line, from its opened details in the reader's unit (`lineAmount`: the stored line's own, which holds no free text). */
  amountText(details: Types['details'], lineAmount: string, units: Units | null): string;
  /** Its answer's own fields, after the ones every entry has, from its opened details. */
  apiView(details: Types['details'], times: EntryTimes, reading: EntryReading): Types['view'];
  /** What it adds to its day's insights, or null for nothing. */
  dailyInput(entry: EntryTimes & { id: string; details: Types['details'] }): DailyInput | null;
  /** The part of an entry a family would say a correction changed, by field; fields not named are not compared. */
  parts: Readonly<Record<string, EntryChangedPart>>;
}

/** A kind's columns in a child's CSV export, and the request body a row of them is imported as. */
export interface EntryCsv<Types extends EntryKindTypes = EntryKindTypes> {
  /** Its own columns, in their order in the file. */
  columns: readonly string[];
  /** Its own cells, amounts in the reader's `units` (columns left out stay empty). */
  cells(view: Types['view'], units: Units | null): Readonly<Record<string, string>>;
  /** The body of its route from a row of this app's export, cells by column: times in UTC, amounts as entered. */
  body(cells: Readonly<Record<string, string>>): Record<string, unknown>;
}

/** What a kind's research fields are computed with: the line's age, the child's clock, and the entry's own times. */
export interface ResearchLineContext extends EntryTimes {
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
export interface EntryResearch<Types extends EntryKindTypes = EntryKindTypes> {
  /** Its own columns, described for the codebook (the lines' JSON Schema in the API description). */
  columns: ZodObject;
  /** When the entry started, which dates and times its line. */
  at(data: unknown): string;
  /** When it ended; null for an instant or an entry without a length. */
  endAt(data: unknown): string | null;
  /** What research keeps of it. */
  fields(data: unknown, line: Omit<ResearchLineContext, keyof EntryTimes>): Types['research'];
}

/**
 * Everything the services, the read models and the research export know about one kind of entry,
 * made from its one declaration (`defineEntryKind`). The services, the projections and the query
 * routes iterate over the kinds (`all-entry-kinds.ts`); none of them names a kind.
 */
export interface EntryKindDefinition<Types extends EntryKindTypes = EntryKindTypes> extends EntryKindListing {
  kind: Types['kind'];
  /** Its name on its timeline line, capitalised: 'Feeding', 'TummyTime'. */
  type: Capitalize<Types['kind']>;
  /** The 404 message of an entry that is not there, or not the caller's family's. */
  notFound: string;
  /** How a message names one of its entries: 'This overlaps a sleep session already logged'. */
  anEntry: string;
  /** The id field of its events and commands, 'feedingId'. */
  idField: string;
  streamId(id: string): string;
  timing: Types['timing'];
  /** A session's longest length, in minutes: how far before a day an entry reaching into it may start. Null for others. */
  longestMinutes: number | null;
  /** `restored`: a deleted entry back as it was (Undo), with the details of a logged one. */
  events: { logged: Types['eventType']; corrected: Types['eventType']; deleted: Types['eventType']; restored: Types['eventType']; resealed: Types['eventType'] };
  commands: { log: string; correct: string; remove: string; restore: string; reseal: string };
  /** The schemas of its events, which the event registry takes in. */
  eventDefinitions: Readonly<Record<Types['eventType'], EventDefinition>>;
  schemas: EntryKindSchemas;

  decider: EntryDecider;
  body: ZodType<{ childId: string }>;
  /** Its rules on a parsed body, with their messages. */
  check(body: Types['body'], now: Date, origin?: EntryOrigin): CheckedEntry<Types['details']>;
  /** The request field of its start ('startedAt', a diaper's 'occurredAt'), which a refusal of its time names. */
  startField: string;
  /** Where its free text besides the notes sits in its details ('environment.sleepSackTag'): sealed with the child's key. */
  sealed: readonly string[];
  /** The data of its log and correct commands (and their events) for an entry recorded as `recorded`. */
  eventData(ref: { id: string; childId: string; ownerId: string }, recorded: RecordedEntry<Types['details']>): Record<string, unknown>;
  /** The entry a stream's state records (`EntryState.details`). */
  recordedOf(stateDetails: Readonly<Record<string, unknown>>): RecordedEntry<Types['details']>;
  /** The command that seals its notes and its other free text (by the name `sealedTexts` gives each) again with the child's key. */
  resealNotes(id: string, notes: SealedText, sealed: Readonly<Record<string, SealedText | null>>): EntryCommand;

  timeline: EntryTimeline<Types>;
  csv: EntryCsv<Types>;
  research: EntryResearch<Types>;
  /** What it adds to the pediatrician's report, or null for nothing. */
  report: ReportContribution<Types['details']> | null;
}
