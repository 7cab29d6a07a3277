import type { BottleContent, FeedingMethod } from '../../feedings/feeding.events';
import type { RecordedSleepEnvironment } from '../../sleeps/sleep.events';
import { feedingEntryView, sleepEntryView, type EntryViewWithoutNotes } from '../../timeline/timeline-entry';
import { instantMs, localDateOf } from '../../time/zoned-time';
import type { LoggedBy } from '../children/membership-document';

export const TIMELINE_COLLECTION = 'timeline';

/**
 * One feeding or sleep of a child in its local-time view. The notes and the sleep-sack tag stay
 * sealed with the child's key, as in the event: they are opened only when a member reads the
 * entry, so no read store ever holds free text in the clear and shredding the key makes them
 * unreadable there too. `ownerId` is the member who logged the entry.
 */
export interface TimelineDocument {
  _id: string;
  kind: 'feeding' | 'sleep';
  childId: string;
  ownerId: string;
  startedAt: string;
  endedAt: string;
  /** Local date of the start in the child's zone: the activity log's and the filters' day. */
  localDate: string;
  amountOz: number | null;
  method: FeedingMethod | null;
  type: BottleContent | null;
  environment: RecordedSleepEnvironment | null;
  sealedNotes: string;
  entry: EntryViewWithoutNotes;
  /** Position of the last event applied: an event at or below it was seen already. */
  position: number;
  [key: string]: unknown;
}

export interface EntryFacts {
  id: string;
  kind: 'feeding' | 'sleep';
  childId: string;
  ownerId: string;
  startedAt: string;
  endedAt: string;
  amountOz?: number | null;
  method?: FeedingMethod | null;
  type?: BottleContent | null;
  environment?: RecordedSleepEnvironment | null;
  sealedNotes: string;
}

/** The document for an entry in the child's zone; re-run for every entry when the zone changes. */
export function timelineDocument(facts: EntryFacts, timezone: string, position: number): TimelineDocument {
  // Read once: a rebuild makes a document for every entry ever logged.
  const startedAt = instantMs(facts.startedAt);
  const endedAt = instantMs(facts.endedAt);
  const amountOz = facts.amountOz ?? null;
  const method = facts.method ?? null;
  const entry =
    facts.kind === 'feeding'
      ? feedingEntryView({ id: facts.id, startedAt, endedAt, amountOz, method: method ?? 'Bottle' }, timezone)
      : sleepEntryView({ id: facts.id, startedAt, endedAt }, timezone);
  return {
    _id: facts.id,
    kind: facts.kind,
    childId: facts.childId,
    ownerId: facts.ownerId,
    startedAt: facts.startedAt,
    endedAt: facts.endedAt,
    localDate: localDateOf(startedAt, timezone),
    amountOz,
    method,
    type: facts.type ?? null,
    // A copy: the document is handed to the read store whole, and the facts belong to the event.
    environment: facts.environment ? { ...facts.environment } : null,
    sealedNotes: facts.sealedNotes,
    entry,
    position,
  };
}

/**
 * The API's shape of a timeline document (seed §3 Feeding / Sleep session plus the timeline entry),
 * with its opened notes, who logged it and, for a sleep, its opened sleep-sack tag: never the sealed
 * tag, nor the TOG rating kept for research.
 */
export function timelineApiView(
  doc: Pick<TimelineDocument, '_id' | 'kind' | 'childId' | 'startedAt' | 'endedAt' | 'amountOz' | 'method' | 'type' | 'environment' | 'entry'>,
  notes: string,
  sleepSackTag: string | null,
  loggedBy: LoggedBy,
): Record<string, unknown> {
  const common = { id: doc._id, childId: doc.childId, startedAt: doc.startedAt, endedAt: doc.endedAt, notes, loggedBy, entry: { ...doc.entry, notes, loggedBy } };
  if (doc.kind === 'feeding') return { ...common, amountOz: doc.amountOz, method: doc.method, type: doc.type };
  const environment = doc.environment;
  return { ...common, environment: environment && { roomTemp: environment.roomTemp, whiteNoise: environment.whiteNoise, sleepSackTag } };
}
