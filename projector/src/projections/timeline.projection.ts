import type { DiaperEvent } from '@nightlight/domain/diapers/diaper.events';
import { ENTRY_EVENT_TYPES, entryEventOf, type EntryKind } from '@nightlight/domain/entries/entry-kinds';
import type { FeedingEvent } from '@nightlight/domain/feedings/feeding.events';
import { pumpingEndedAt, type PumpingEvent } from '@nightlight/domain/pumpings/pumping.events';
import { CHILDREN_COLLECTION, type ChildDocument } from '@nightlight/domain/read-models/children/child-document';
import { TIMELINE_COLLECTION, timelineDocument, type EntryFacts, type TimelineDocument } from '@nightlight/domain/read-models/timeline/timeline-document';
import type { SleepEvent } from '@nightlight/domain/sleeps/sleep.events';
import type { RecordedEvent } from '@nightlight/infrastructure/ports/event-store';
import type { Projection, ProjectionContext } from '../projection';
import { refreshDailyInsights } from './daily-insights.projection';

type EntryEvent = FeedingEvent | SleepEvent | DiaperEvent | PumpingEvent;
type LoggedData = Extract<EntryEvent, { type: 'FeedingLogged' | 'SleepLogged' | 'DiaperChanged' | 'PumpingLogged' }>['data'];
type KindFacts = Omit<EntryFacts, 'id' | 'childId' | 'ownerId' | 'sealedNotes'>;

function idOf(data: EntryEvent['data']): string {
  if ('feedingId' in data) return data.feedingId;
  if ('sleepId' in data) return data.sleepId;
  if ('pumpingId' in data) return data.pumpingId;
  return data.diaperId;
}

/** What each kind's logged or corrected event says about the entry, beyond who and which child. */
function kindFactsOf(kind: EntryKind, data: LoggedData): KindFacts {
  switch (kind) {
    case 'feeding': {
      const feeding = data as Extract<LoggedData, { feedingId: string }>;
      return { kind, startedAt: feeding.startedAt, endedAt: feeding.endedAt, amountOz: feeding.amountOz, enteredAmount: feeding.enteredAmount, method: feeding.method, type: feeding.type, sides: feeding.sides };
    }
    case 'sleep': {
      const sleep = data as Extract<LoggedData, { sleepId: string }>;
      return { kind, startedAt: sleep.startedAt, endedAt: sleep.endedAt, environment: sleep.environment };
    }
    case 'diaper': {
      const diaper = data as Extract<LoggedData, { diaperId: string }>;
      // An instant: it starts and ends when it happened, so the timeline's ranges and days hold it.
      return { kind, startedAt: diaper.occurredAt, endedAt: diaper.occurredAt, contents: diaper.contents, color: diaper.color };
    }
    case 'pumping': {
      const pumping = data as Extract<LoggedData, { pumpingId: string }>;
      return { kind, startedAt: pumping.startedAt, endedAt: pumpingEndedAt(pumping.startedAt, pumping.durationMinutes), pumped: { leftAmount: pumping.leftAmount, rightAmount: pumping.rightAmount, unit: pumping.unit } };
    }
    default: {
      const exhaustive: never = kind;
      return exhaustive;
    }
  }
}

/**
 * The timeline read model: every entry of a child with its local-time view. Each change also
 * refreshes the daily insights of the dates the old and the new entry touch.
 */
export const timelineProjection: Projection = {
  name: 'timeline',
  handles: ENTRY_EVENT_TYPES,
  async apply(recorded: RecordedEvent, context: ProjectionContext): Promise<void> {
    const event = recorded as unknown as EntryEvent;
    const { kind, role } = entryEventOf(event.type)!;
    const timeline = context.readStore.collection<TimelineDocument>(TIMELINE_COLLECTION);
    const child = await context.readStore.collection<ChildDocument>(CHILDREN_COLLECTION).findOne({ _id: event.data.childId }, { readOnly: true });
    // A removed or anonymised child has no read models; its entries stay in the log only.
    if (!child) return;
    const id = idOf(event.data);
    const existing = await timeline.findOne({ _id: id }, { readOnly: true });
    if (existing && existing.position >= recorded.position) {
      // A replay after a restart from an older checkpoint: the entry was written, but its daily
      // insights may have been lost (deferred, or the process died in between). Recomputing is idempotent.
      const replayed = role === 'logged' || role === 'corrected' ? [existing, kindFactsOf(kind, event.data as LoggedData)] : [existing];
      await refreshDailyInsights(context, child, replayed);
      return;
    }

    if (role === 'resealed') {
      // Only the sealing changed: no date, number or view with it.
      if (!existing) return;
      const resealed = event.data as { notes: string; sleepSackTag?: string | null };
      const environment = existing.environment && resealed.sleepSackTag !== undefined ? { ...existing.environment, sleepSackTag: resealed.sleepSackTag } : existing.environment;
      await timeline.updateOne({ _id: id }, { $set: { sealedNotes: resealed.notes, environment, position: recorded.position } });
      return;
    }
    const touched: { startedAt: string; endedAt: string }[] = existing ? [existing] : [];
    if (role === 'deleted') {
      if (!existing) return;
      await timeline.deleteOne({ _id: id });
    } else {
      const data = event.data as LoggedData;
      const facts: EntryFacts = {
        id,
        ...kindFactsOf(kind, data),
        // The child document's own strings: a million entries then share two ids instead of each holding copies.
        childId: child._id,
        // Who logged it; most entries were logged by the parent who added the child.
        ownerId: data.ownerId === child.ownerId ? child.ownerId : data.ownerId,
        sealedNotes: data.notes,
      };
      const doc = timelineDocument(facts, child.timezone, recorded.position);
      // The document is made here for the store alone: it is handed over, not copied.
      await timeline.replaceOne({ _id: id }, doc, { upsert: true, handOver: true });
      touched.push(doc);
    }
    await refreshDailyInsights(context, child, touched);
  },
};
