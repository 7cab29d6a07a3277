import { ENTRY_KIND_LIST, entryKind, type ENTRY_KINDS } from '../../entries/all-entry-kinds';
import type { EntryKind } from '../../entries/entry-kinds';
import { instantMs, localDateOf, type LocalDate } from '../../time/zoned-time';
import type { EntryViewWithoutNotes, TimelineEntryView } from '../../timeline/timeline-entry';
import type { Units } from '../../units/units';
import type { LoggedBy } from '../children/membership-document';

export const TIMELINE_COLLECTION = 'timeline';

/** What every timeline document has, whatever its kind. */
export interface TimelineDocumentBase {
  _id: string;
  kind: EntryKind;
  childId: string;
  ownerId: string;
  /** A diaper change, an instant, starts and ends when it happened. */
  startedAt: string;
  endedAt: string;
  /** Local date of the start in the child's zone: the activity log's and the filters' day. */
  localDate: string;
  sealedNotes: string;
  entry: EntryViewWithoutNotes;
  /** Position of the last event applied: an event at or below it was seen already. */
  position: number;
  /** When it was logged, as recorded; absent on documents made before this was kept. */
  loggedAt?: string;
  [key: string]: unknown;
}

/** A document as one kind reads it: the common fields and its own. */
export type KindDocument<Fields> = TimelineDocumentBase & Fields;

type UnionToIntersection<Union> = (Union extends unknown ? (each: Union) => void : never) extends (all: infer All) => void ? All : never;

/** Every kind's own fields (a feeding's amount, a sleep's environment, a diaper's contents, …). */
export type EntryKindFields = UnionToIntersection<{ [K in EntryKind]: ReturnType<(typeof ENTRY_KINDS)[K]['timeline']['fields']> }[EntryKind]>;

/**
 * One entry of a child (a feeding, a sleep, a diaper change, a pumping session) in its local-time
 * view. It holds every kind's fields, null but for its own kind's. The notes and the sleep-sack tag
 * stay sealed with the child's key, as in the event: they are opened only when a member reads the
 * entry, so no read store ever holds free text in the clear and shredding the key makes them
 * unreadable there too. `ownerId` is the member who logged it.
 */
export type TimelineDocument = TimelineDocumentBase & EntryKindFields;

export type EntryFacts = { id: string; kind: EntryKind; childId: string; ownerId: string; startedAt: string; endedAt: string; sealedNotes: string; loggedAt?: string | undefined } & Partial<EntryKindFields>;

/** Every kind's fields, null: made once, each document is a copy with its own kind's fields set. */
const NO_KIND_FIELDS = Object.freeze(Object.assign({}, ...ENTRY_KIND_LIST.map((kind) => kind.timeline.fields({}))) as EntryKindFields);

/** The document for an entry in the child's zone; re-run for every entry when the zone changes. */
export function timelineDocument(facts: EntryFacts, timezone: string, position: number): TimelineDocument {
  // Read once: a rebuild makes a document for every entry ever logged.
  const startedAt = instantMs(facts.startedAt);
  const endedAt = instantMs(facts.endedAt);
  const { timeline } = entryKind(facts.kind);
  // Copies: the document is handed to the read store whole, and the facts belong to the event.
  const own = timeline.fields(facts);
  return {
    _id: facts.id,
    kind: facts.kind,
    childId: facts.childId,
    ownerId: facts.ownerId,
    startedAt: facts.startedAt,
    endedAt: facts.endedAt,
    localDate: localDateOf(startedAt, timezone),
    ...NO_KIND_FIELDS,
    ...own,
    sealedNotes: facts.sealedNotes,
    entry: timeline.line({ id: facts.id, ...own }, startedAt, endedAt, timezone),
    position,
    ...(facts.loggedAt === undefined ? {} : { loggedAt: facts.loggedAt }),
  };
}

/** What reading an entry adds to its document: opened free text, who logged it, the child's age facts. */
export interface EntryReading {
  notes: string;
  /** A sleep's opened sleep-sack tag. */
  sleepSackTag: string | null;
  loggedBy: LoggedBy;
  /** For a diaper's guidance, which depends on the child's age on the day. */
  child: { birthDate: LocalDate; timezone: string };
  /** The reader's units; null until they choose one, and then amounts read as they were entered. */
  units: Units | null;
}

/** What every entry's answer has: its ids, opened notes, who logged it, and its timeline line. */
export interface EntryViewBase {
  id: string;
  childId: string;
  notes: string;
  loggedBy: LoggedBy;
  entry: TimelineEntryView & { loggedBy: LoggedBy };
}

/** GET /api/feedings and the rest answer with these, one per kind. */
export type EntryApiViews = { [K in EntryKind]: EntryViewBase & ReturnType<(typeof ENTRY_KINDS)[K]['timeline']['apiView']> };

/**
 * The API's shape of a timeline document (seed §3 Feeding / Sleep session, a diaper change, plus
 * the timeline entry), with its opened notes, who logged it and, for a sleep, its opened sleep-sack
 * tag: never the sealed tag, nor the TOG rating kept for research.
 */
export function timelineApiView(doc: TimelineDocument, reading: EntryReading): EntryApiViews[EntryKind] {
  const { notes, loggedBy, units } = reading;
  const { timeline } = entryKind(doc.kind);
  const common: EntryViewBase = { id: doc._id, childId: doc.childId, notes, loggedBy, entry: { ...doc.entry, amount: timeline.amountText(doc, units), notes, loggedBy } };
  return { ...common, ...timeline.apiView(doc, reading) } as EntryApiViews[EntryKind];
}
