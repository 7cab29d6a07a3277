import { z } from 'zod';
import type { EventDefinition } from '../events/event-definition';
import { detailsCsv } from '../exports/details-csv';
import type { DailyInput } from '../insights/daily-insights';
import type { EntryChangedPart } from '../read-models/timeline/entry-history';
import { entryViewCommon } from '../read-models/timeline/entry-view.schemas';
import type { EntryReading } from '../read-models/timeline/timeline-document';
import type { ReportContribution } from '../reports/report-contribution';
import { NotFoundError } from '../shared/domain-event';
import { entryStreamId } from '../shared/stream-ids';
import { named, written } from '../shared/view-schema';
import { entryLine } from '../timeline/timeline-entry';
import type { Units } from '../units/units';
import type {
  CheckedEntry,
  EntryCsv,
  EntryDecider,
  EntryKindDefinition,
  EntryLineParts,
  EntryOrigin,
  EntryRef,
  EntryTimes,
  EntryTiming,
  RecordedEntry,
  ResearchLineContext,
} from './entry-kind-definition';
import { childIdField, notesField } from './entry-fields';
import { ENTRY_KIND_LISTING, entryTypeOf, type EntryKind } from './entry-kinds';
import type { RecordedTimes } from './entry-times';
import { sealedKeyOf, withResealed } from './sealed-fields';

type RequestShape<Request extends z.ZodRawShape> = { childId: typeof childIdField } & Request & { notes: typeof notesField };
/** A kind's request body as its route parses it: the child, its own fields, and the notes every kind has. */
export type RequestBody<Request extends z.ZodRawShape> = z.output<z.ZodObject<RequestShape<Request>>>;

type Outputs<Shape extends z.ZodRawShape> = { [Field in keyof Shape]: z.output<Shape[Field]> };

/** A kind's answer, after the fields every entry has: its times as recorded, its details, and what is worked out when read. */
export type KindView<Times, Details, Extra extends z.ZodRawShape> = Times & Omit<Details, keyof Extra> & Outputs<Extra>;

/** The top-level fields of `Details` that hold any text at all (not a fixed set of words): free text unless said otherwise. */
type TextFields<Details> = { [Field in keyof Details]-?: string extends NonNullable<Details[Field]> ? Field : never }[keyof Details];

/**
 * Fails the type check of a declaration whose details hold text neither sealed nor declared plain:
 * the error names the field. Nested fields are checked when the kind is defined (`undeclaredText`).
 */
type FreeTextDeclared<Details, Declared> = [Exclude<TextFields<Details>, Declared>] extends [never]
  ? unknown
  : { [Field in Exclude<TextFields<Details>, Declared> & string as `${Field} is free text: declare it sealed, or plain with the reason it is not`]: never };

/**
 * One kind of entry, declared once: its own details (a zod schema of what its events record
 * besides the times and notes), which of them are free text to seal, its request, its rules, its
 * line, its research columns. Its events, their schemas, its stream, decider and commands, its
 * answer and the schema of it, its timeline document, its resealing and its CSV columns follow.
 */
export interface EntryKindDeclaration<
  Kind extends EntryKind,
  Timing extends EntryTiming,
  Details extends z.ZodObject,
  Times extends object,
  Request extends z.ZodRawShape,
  Research extends z.ZodObject,
  Extra extends z.ZodRawShape,
  Logged extends string,
  Sealed extends string,
  Plain extends string,
> {
  kind: Kind;
  /** The 404 message of an entry that is not there, or not the caller's family's. */
  notFound: string;
  /** How a message names one of its entries: 'This overlaps a sleep session already logged'. */
  anEntry: string;
  /** The group of its routes in the API description. */
  tag: string;
  timing: Timing;
  /** A session's longest length, in minutes (its rules refuse a longer one). */
  longestMinutes?: number;
  /** How its events record its times. */
  times: RecordedTimes<Times>;
  /** What its events record besides who, when and the notes: free text as sealed text (a string). */
  details: Details;
  /** The paths of its free-text details, sealed with the child's key like the notes ('food', 'environment.sleepSackTag'). */
  sealed: readonly Sealed[];
  /** Text fields that are not free text, each with the reason (a code from a fixed list, say). */
  plain?: { readonly [Field in Plain]: string };
  /** Its own fields of the request body, with the messages of each refusal (the child and the notes are every kind's). */
  request: Request;
  /** Its rules on a parsed body, with their messages: its times, details and notes. */
  check(body: RequestBody<Request>, now: Date, origin: EntryOrigin): CheckedEntry<z.output<Details>>;
  /** Its line's sign and the text in the amount's place ('Dirty · green'). */
  line(details: z.output<Details>): EntryLineParts;
  /** The amount in the reader's unit, where it has one; null for the line's own. */
  amountText?(details: z.output<Details>, units: Units | null): string | null;
  /** What its answer adds (or shows instead of a detail, by the same name), worked out when read. */
  view?: { shape: Extra; of(details: z.output<Details>, times: EntryTimes, reading: EntryReading): Outputs<Extra> };
  /** What it adds to its day's insights; nothing when left out. */
  daily?(entry: EntryTimes & { id: string; details: z.output<Details> }): DailyInput | null;
  /** The part of an entry a family would say a correction of each field changed; fields left out are not compared. */
  parts: { readonly [Field in keyof z.output<Details>]?: EntryChangedPart };
  /** Its CSV columns, when its request does not take its details as they are (by default, one column a detail). */
  csv?: EntryCsv<{ kind: Kind; timing: Timing; eventType: string; body: unknown; details: z.output<Details>; view: KindView<Times, z.output<Details>, Extra>; research: object }>;
  /** What research keeps of it, after the review docs/research.md asks for. */
  research: { columns: Research; fields(details: z.output<Details>, line: ResearchLineContext): z.output<Research> };
  /** What it adds to the pediatrician's report. */
  report?: ReportContribution<z.output<Details>>;
  /** Older versions of its logged and corrected events, lifted to the current one on read. */
  history?: Pick<EventDefinition, 'version' | 'upcasters'>;
  /** Its logged event's name, when not `{Type}Logged` (a diaper is `DiaperChanged`). */
  events?: { logged: Logged };
  /** What of the details a restored entry records again, when a field is only ever read from older events. */
  recordable?(details: z.output<Details>): z.output<Details>;
}

type DeclaredTypes<Kind extends EntryKind, Timing extends EntryTiming, Details extends z.ZodObject, Times, Request extends z.ZodRawShape, Research extends z.ZodObject, Extra extends z.ZodRawShape, Logged extends string> = {
  kind: Kind;
  timing: Timing;
  eventType: Logged | `${Capitalize<Kind>}${'Corrected' | 'Deleted' | 'Restored' | 'NotesResealed'}`;
  body: RequestBody<Request>;
  details: z.output<Details>;
  view: KindView<Times, z.output<Details>, Extra>;
  research: z.output<Research>;
};

/** The paths of every text in a schema, with `[]` for the items of a list. */
export function textPaths(schema: z.ZodType, path = ''): string[] {
  const def = schema._zod.def as { type: string; innerType?: z.ZodType; element?: z.ZodType; in?: z.ZodType };
  const at = (key: string) => (path ? `${path}.${key}` : key);
  switch (def.type) {
    case 'string':
      return [path];
    case 'object':
      return Object.entries((schema as z.ZodObject).shape).flatMap(([key, field]) => textPaths(field as z.ZodType, at(key)));
    case 'array':
      return textPaths(def.element!, `${path}[]`);
    case 'pipe':
      return textPaths(def.in!, path);
    case 'nullable':
    case 'optional':
    case 'default':
    case 'readonly':
      return textPaths(def.innerType!, path);
    default:
      return [];
  }
}

/** The texts of a kind's details neither sealed nor declared plain, and the sealed paths that are no text. */
export function undeclaredText(details: z.ZodObject, sealed: readonly string[], plain: readonly string[]): { undeclared: string[]; notText: string[] } {
  const texts = textPaths(details);
  return { undeclared: texts.filter((path) => !sealed.includes(path) && !plain.includes(path)), notText: sealed.filter((path) => !texts.includes(path)) };
}

type Role = keyof EntryKindDefinition['events'];

/**
 * A kind's definition from its declaration: everything the services, the read models and research
 * need of it. A text in its details that is neither sealed nor declared plain is refused here, when
 * the module loads (and, for top-level fields, by the type check).
 */
export function defineEntryKind<
  const Kind extends EntryKind,
  const Timing extends EntryTiming,
  Details extends z.ZodObject,
  Times extends object,
  Request extends z.ZodRawShape,
  Research extends z.ZodObject,
  Extra extends z.ZodRawShape = Record<never, never>,
  const Logged extends string = `${Capitalize<Kind>}Logged`,
  const Sealed extends string = never,
  const Plain extends string = never,
>(
  declaration: EntryKindDeclaration<Kind, Timing, Details, Times, Request, Research, Extra, Logged, Sealed, Plain> & FreeTextDeclared<z.output<Details>, Sealed | Plain>,
): EntryKindDefinition<DeclaredTypes<Kind, Timing, Details, Times, Request, Research, Extra, Logged>> {
  type Types = DeclaredTypes<Kind, Timing, Details, Times, Request, Research, Extra, Logged>;
  type Detail = z.output<Details>;
  const { kind, times, details: detailsSchema, sealed, view } = declaration;
  const { undeclared, notText } = undeclaredText(detailsSchema, sealed, Object.keys(declaration.plain ?? {}));
  if (undeclared.length > 0) throw new Error(`${kind}: ${undeclared.join(', ')} is free text: declare it sealed, or plain with the reason it is not`);
  if (notText.length > 0) throw new Error(`${kind}: ${notText.join(', ')} is declared sealed but holds no text`);
  if (declaration.timing === 'session' && declaration.longestMinutes === undefined) throw new Error(`${kind}: a session says its longest length`);

  const type = entryTypeOf(kind);
  const idField = `${kind}Id`;
  const events = {
    logged: declaration.events?.logged ?? `${type}Logged`,
    corrected: `${type}Corrected`,
    deleted: `${type}Deleted`,
    restored: `${type}Restored`,
    resealed: `${type}NotesResealed`,
  } as EntryKindDefinition<Types>['events'];
  const commands = { log: `Log${type}`, correct: `Correct${type}`, remove: `Delete${type}`, restore: `Restore${type}`, reseal: `Reseal${type}Notes` };
  const roleOf = new Map<string, Role>(Object.entries(events).map(([role, eventType]) => [eventType, role as Role]));
  const detailFields = Object.keys(detailsSchema.shape);

  const refShape = { [idField]: z.string(), childId: z.string(), ownerId: z.string() };
  const recordedSchema = z.strictObject({ ...refShape, ...times.shape, ...detailsSchema.shape, notes: z.string() });
  const resealedSchema = z.strictObject({ ...refShape, notes: z.string(), ...Object.fromEntries(sealed.map((path) => [sealedKeyOf(path), z.string().nullable()])) });
  const history = declaration.history ?? { version: 1, upcasters: {} };
  const eventDefinitions = {
    [events.logged]: { schema: recordedSchema, ...history },
    [events.corrected]: { schema: recordedSchema, ...history },
    [events.deleted]: { schema: z.strictObject(refShape), version: 1, upcasters: {} },
    // Written with the details' current shape: no older version of it was ever recorded.
    [events.restored]: { schema: recordedSchema, version: 1, upcasters: {} },
    [events.resealed]: { schema: resealedSchema, version: 1, upcasters: {} },
  } as unknown as Record<Types['eventType'], EventDefinition>;

  /** An event's details, picked from its data by the fields the declaration names (a plain loop: it runs for every event a replay folds). */
  const detailsOf = (data: Readonly<Record<string, unknown>>): Detail => {
    const details: Record<string, unknown> = {};
    for (const field of detailFields) details[field] = data[field];
    return details as Detail;
  };
  /** The times read from the event's own fields: `times.of` reads only the fields of its shape. */
  const timesOf = (data: Readonly<Record<string, unknown>>): EntryTimes => times.of(data as Times);
  const recordedOf = (data: Readonly<Record<string, unknown>>): RecordedEntry<Detail> => {
    const { startedAt, endedAt } = timesOf(data);
    return { startedAt, endedAt, details: detailsOf(data), notes: data['notes'] as string };
  };

  const decider: EntryDecider = {
    initialState: () => ({ status: 'none', ref: null, details: null }),
    evolve(state, event) {
      const data = event.data as Record<string, unknown>;
      switch (roleOf.get(event.type)) {
        case 'logged':
        case 'corrected':
        case 'restored': {
          const { [idField]: id, childId, ownerId, ...recorded } = data;
          return { status: 'logged', ref: { [idField]: id, childId, ownerId } as EntryRef, details: recorded };
        }
        case 'deleted':
          return { ...state, status: 'deleted' };
        case 'resealed':
          return state.details ? { ...state, details: { ...withResealed(state.details, sealed, data), notes: data['notes'] } } : state;
        default:
          return state;
      }
    },
    decide(command, state) {
      const assertLogged = (): EntryRef => {
        if (state.status !== 'logged' || !state.ref) throw new NotFoundError(declaration.notFound);
        return state.ref;
      };
      switch (command.type) {
        case commands.log:
          // The same id logged again is a retry of the same tap, not a second entry.
          return state.status === 'none' ? [{ type: events.logged, data: command.data }] : [];
        case commands.correct: {
          const ref = assertLogged();
          // Any member of the family may correct it: it stays the entry of the member who logged it, of its child.
          if (command.data['childId'] !== ref.childId) throw new NotFoundError(declaration.notFound);
          return [{ type: events.corrected, data: { ...command.data, ownerId: ref.ownerId } }];
        }
        case commands.remove:
          return [{ type: events.deleted, data: assertLogged() }];
        case commands.restore: {
          // Undo of a deletion: back as it was; restoring one that is there changes nothing.
          if (state.status === 'logged') return [];
          if (state.status !== 'deleted' || !state.ref || !state.details) throw new NotFoundError(declaration.notFound);
          const { details, ...rest } = recordedOf(state.details);
          const recordable = declaration.recordable ? declaration.recordable(details) : details;
          return [{ type: events.restored, data: { ...state.ref, ...times.record(rest), ...recordable, notes: rest.notes } }];
        }
        case commands.reseal:
          return [{ type: events.resealed, data: { ...command.data, ...assertLogged() } }];
        default:
          throw new Error(`${command.type} is no command of ${kind}`);
      }
    },
  };

  const answer = named(z.strictObject({ ...entryViewCommon, ...times.shape, ...detailsSchema.shape, ...view?.shape }), type);
  const body = z.object({ childId: childIdField, ...declaration.request, notes: notesField });

  return {
    kind,
    type,
    ...ENTRY_KIND_LISTING[kind],
    notFound: declaration.notFound,
    anEntry: declaration.anEntry,
    idField,
    streamId: (id) => entryStreamId(kind, id),
    timing: declaration.timing,
    longestMinutes: declaration.longestMinutes ?? null,
    events,
    commands,
    eventDefinitions,
    schemas: { tag: declaration.tag, answer, written: written(answer) },
    decider,
    body: body as unknown as z.ZodType<{ childId: string }>,
    check: (checkedBody, now, origin = 'dialog') => declaration.check(checkedBody, now, origin),
    startField: times.startField,
    sealed,
    eventData: ({ id, childId, ownerId }, recorded) => ({ [idField]: id, childId, ownerId, ...times.record(recorded), ...recorded.details, notes: recorded.notes }),
    recordedOf,
    resealNotes: (id, notes, sealedTexts) => ({ type: commands.reseal, data: { [idField]: id, notes, ...Object.fromEntries(sealed.map((path) => [sealedKeyOf(path), sealedTexts[sealedKeyOf(path)] ?? null])) } }),
    timeline: {
      factsOf: (data) => {
        const { startedAt, endedAt } = timesOf(data as Record<string, unknown>);
        return { startedAt, endedAt, details: detailsOf(data as Record<string, unknown>) };
      },
      line: (id, details, startedAt, endedAt, timezone) => entryLine(type, id, declaration.line(details), startedAt, endedAt, timezone),
      amountText: (details, lineAmount, units) => declaration.amountText?.(details, units) ?? lineAmount,
      apiView: (details, entryTimes, reading) => ({ ...times.record(entryTimes), ...details, ...view?.of(details, entryTimes, reading) }) as Types['view'],
      dailyInput: (entry) => declaration.daily?.(entry) ?? null,
      parts: declaration.parts as Readonly<Record<string, EntryChangedPart>>,
    },
    csv: declaration.csv ?? detailsCsv(kind, times.startField, detailsSchema, sealed),
    research: {
      columns: declaration.research.columns,
      at: (data) => timesOf(data as Record<string, unknown>).startedAt,
      endAt: (data) => {
        const { startedAt, endedAt } = timesOf(data as Record<string, unknown>);
        return endedAt === startedAt ? null : endedAt;
      },
      fields: (data, line) => declaration.research.fields(detailsOf(data as Record<string, unknown>), { ...line, ...timesOf(data as Record<string, unknown>) }),
    },
    report: declaration.report ?? null,
  };
}

