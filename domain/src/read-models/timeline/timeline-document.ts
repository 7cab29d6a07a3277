import type { BottleContent, FeedingMethod } from '../../feedings/feeding.events';
import type { SleepEnvironment } from '../../sleeps/sleep.events';
import { feedingEntryView, sleepEntryView, type TimelineEntryView } from '../../timeline/timeline-entry';
import { localDateOf } from '../../time/zoned-time';

export const TIMELINE_COLLECTION = 'timeline';

/** One feeding or sleep of a child, with its plain notes, as its owner sees it. */
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
  environment: SleepEnvironment | null;
  notes: string;
  entry: TimelineEntryView;
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
  environment?: SleepEnvironment | null;
  notes: string;
}

/** The document for an entry in the child's zone; re-run for every entry when the zone changes. */
export function timelineDocument(facts: EntryFacts, timezone: string, position: number): TimelineDocument {
  const amountOz = facts.amountOz ?? null;
  const entry =
    facts.kind === 'feeding'
      ? feedingEntryView({ ...facts, amountOz, method: facts.method ?? 'Bottle' }, timezone)
      : sleepEntryView(facts, timezone);
  return {
    _id: facts.id,
    kind: facts.kind,
    childId: facts.childId,
    ownerId: facts.ownerId,
    startedAt: facts.startedAt,
    endedAt: facts.endedAt,
    localDate: localDateOf(facts.startedAt, timezone),
    amountOz,
    method: facts.method ?? null,
    type: facts.type ?? null,
    environment: facts.environment ?? null,
    notes: facts.notes,
    entry,
    position,
  };
}

/** The API's shape of a timeline document (seed §3 Feeding / Sleep session plus the timeline entry). */
export function timelineApiView(doc: TimelineDocument): Record<string, unknown> {
  const common = { id: doc._id, childId: doc.childId, startedAt: doc.startedAt, endedAt: doc.endedAt, notes: doc.notes, entry: doc.entry };
  return doc.kind === 'feeding'
    ? { ...common, amountOz: doc.amountOz, method: doc.method, type: doc.type }
    : { ...common, environment: doc.environment };
}
