import { entryKind, type ENTRY_KINDS } from '../../entries/all-entry-kinds';
import type { EntryKindDefinition } from '../../entries/entry-kind-definition';
import type { EntryKind } from '../../entries/entry-kinds';
import { turnSealed } from '../../entries/sealed-fields';
import type { SealedText } from '../../shared/domain-event';
import { instantMs, localDateOf, type LocalDate } from '../../time/zoned-time';
import type { EntryViewWithoutNotes, TimelineEntryView } from '../../timeline/timeline-entry';
import type { Units } from '../../units/units';
import type { LoggedBy } from '../children/membership-document';

export const TIMELINE_COLLECTION = 'timeline';

/**
 * One entry of a child (a feeding, a sleep, a diaper change, …) in its local-time view: what every
 * entry has, and its kind's own details under the kind's name (`feeding: { amountOz, … }`), so no
 * two kinds' fields can meet. The notes and every other free text stay sealed with the child's key,
 * as in the event: they are opened only when a member reads the entry, so no read store ever holds
 * free text in the clear and shredding the key makes them unreadable there too. `ownerId` is the
 * member who logged it.
 */
export interface TimelineDocument {
  _id: string;
  kind: EntryKind;
  childId: string;
  ownerId: string;
  /** An instant (a diaper change) starts and ends when it happened. */
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

/** A kind's own details, as its events record them (free text sealed) and as they are read (opened). */
export type EntryDetails<Kind extends EntryKind> = ReturnType<(typeof ENTRY_KINDS)[Kind]['check']>['details'];

/** A document as one kind reads it: what every entry has, and its details under its name. */
export type KindDocument<Kind extends EntryKind> = TimelineDocument & { kind: Kind } & { [Name in Kind]: EntryDetails<Kind> };

/** What makes an entry's document: what its events say of it, and who and which child. */
export interface EntryFacts {
  id: string;
  kind: EntryKind;
  childId: string;
  ownerId: string;
  startedAt: string;
  endedAt: string;
  details: object;
  sealedNotes: string;
  loggedAt?: string | undefined;
}

/** A copy of plain data: the document is handed to the read store whole, and the facts belong to the event. */
function copyOf<Value>(value: Value): Value {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copyOf) as Value;
  const copy: Record<string, unknown> = {};
  for (const key in value) copy[key] = copyOf((value as Record<string, unknown>)[key]);
  return copy as Value;
}

/** The details of a document, under its kind's name. */
export const detailsOf = (doc: TimelineDocument): object => doc[doc.kind] as object;

/** The document for an entry in the child's zone; re-run for every entry when the zone changes. */
export function timelineDocument(facts: EntryFacts, timezone: string, position: number): TimelineDocument {
  // Read once: a rebuild makes a document for every entry ever logged.
  const startedAt = instantMs(facts.startedAt);
  const endedAt = instantMs(facts.endedAt);
  const details = copyOf(facts.details);
  return {
    _id: facts.id,
    kind: facts.kind,
    childId: facts.childId,
    ownerId: facts.ownerId,
    startedAt: facts.startedAt,
    endedAt: facts.endedAt,
    localDate: localDateOf(startedAt, timezone),
    [facts.kind]: details,
    sealedNotes: facts.sealedNotes,
    entry: entryKind(facts.kind).timeline.line(facts.id, details, startedAt, endedAt, timezone),
    position,
    ...(facts.loggedAt === undefined ? {} : { loggedAt: facts.loggedAt }),
  };
}

/**
 * An entry's notes and details with every free text opened by `open` (a text whose key is shredded
 * opens as ''; a text there is not stays null).
 */
export async function openedEntry(
  definition: Pick<EntryKindDefinition, 'sealed'>,
  recorded: { details: object; notes: SealedText },
  open: (sealed: SealedText) => Promise<string | null>,
): Promise<{ notes: string; details: object }> {
  const notes = (await open(recorded.notes)) ?? '';
  const details = definition.sealed.length === 0 ? recorded.details : await turnSealed(recorded.details, definition.sealed, async (text) => (await open(text)) ?? '');
  return { notes, details };
}

/** What reading an entry adds to its document: its notes and details opened, who logged it, the child's age facts. */
export interface EntryReading {
  notes: string;
  /** Its details with their free text opened. */
  details: object;
  loggedBy: LoggedBy;
  /** For guidance that depends on the child's age on the day (a diaper's). */
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
 * The API's shape of a timeline document: what every entry has (its opened notes, who logged it,
 * its line in the reader's unit), then its kind's own answer from its opened details.
 */
export function timelineApiView(doc: TimelineDocument, reading: EntryReading): EntryApiViews[EntryKind] {
  const { notes, loggedBy, units } = reading;
  const { timeline } = entryKind(doc.kind);
  // The stored line never holds free text: what the answer's line says of it is opened here.
  const common: EntryViewBase = { id: doc._id, childId: doc.childId, notes, loggedBy, entry: { ...doc.entry, amount: timeline.amountText(reading.details, doc.entry.amount, units), notes, loggedBy } };
  return { ...common, ...timeline.apiView(reading.details, { startedAt: doc.startedAt, endedAt: doc.endedAt }, reading) } as EntryApiViews[EntryKind];
}
