import type { FeedingEvent } from '@nightlight/domain/feedings/feeding.events';
import { CHILDREN_COLLECTION, type ChildDocument } from '@nightlight/domain/read-models/children/child-document';
import { TIMELINE_COLLECTION, timelineDocument, type TimelineDocument } from '@nightlight/domain/read-models/timeline/timeline-document';
import type { SleepEvent } from '@nightlight/domain/sleeps/sleep.events';
import type { RecordedEvent } from '@nightlight/infrastructure/ports/event-store';
import type { Projection, ProjectionContext } from '../projection';
import { refreshDailyInsights } from './daily-insights.projection';

type EntryEvent = FeedingEvent | SleepEvent;

/**
 * The timeline read model: every feeding and sleep of a child with its local-time view. Each change
 * also refreshes the daily insights of the dates the old and the new entry touch.
 */
export const timelineProjection: Projection = {
  name: 'timeline',
  handles: new Set(['FeedingLogged', 'FeedingCorrected', 'FeedingDeleted', 'FeedingNotesResealed', 'SleepLogged', 'SleepCorrected', 'SleepDeleted', 'SleepNotesResealed']),
  async apply(recorded: RecordedEvent, context: ProjectionContext): Promise<void> {
    const event = recorded as unknown as EntryEvent;
    const timeline = context.readStore.collection<TimelineDocument>(TIMELINE_COLLECTION);
    const child = await context.readStore.collection<ChildDocument>(CHILDREN_COLLECTION).findOne({ _id: event.data.childId }, { readOnly: true });
    // A removed or anonymised child has no read models; its entries stay in the log only.
    if (!child) return;
    const id = 'feedingId' in event.data ? event.data.feedingId : event.data.sleepId;
    const existing = await timeline.findOne({ _id: id }, { readOnly: true });
    if (existing && existing.position >= recorded.position) {
      // A replay after a restart from an older checkpoint: the entry was written, but its daily
      // insights may have been lost (deferred, or the process died in between). Recomputing is idempotent.
      await refreshDailyInsights(context, child, 'startedAt' in event.data ? [existing, event.data] : [existing]);
      return;
    }

    if (event.type === 'FeedingNotesResealed' || event.type === 'SleepNotesResealed') {
      // Only the sealing changed: no date, number or view with it.
      if (!existing) return;
      const environment = event.type === 'SleepNotesResealed' && existing.environment ? { ...existing.environment, sleepSackTag: event.data.sleepSackTag } : existing.environment;
      await timeline.updateOne({ _id: id }, { $set: { sealedNotes: event.data.notes, environment, position: recorded.position } });
      return;
    }
    const touched: { startedAt: string; endedAt: string }[] = existing ? [existing] : [];
    if (event.type === 'FeedingDeleted' || event.type === 'SleepDeleted') {
      if (!existing) return;
      await timeline.deleteOne({ _id: id });
    } else {
      const data = event.data;
      const facts = {
        id,
        kind: 'feedingId' in data ? ('feeding' as const) : ('sleep' as const),
        // The child document's own strings: a million entries then share two ids instead of each holding copies.
        childId: child._id,
        // Who logged it; most entries were logged by the parent who added the child.
        ownerId: data.ownerId === child.ownerId ? child.ownerId : data.ownerId,
        startedAt: data.startedAt,
        endedAt: data.endedAt,
        sealedNotes: data.notes,
        ...('feedingId' in data ? { amountOz: data.amountOz, method: data.method, type: data.type } : { environment: data.environment }),
      };
      const doc = timelineDocument(facts, child.timezone, recorded.position);
      // The document is made here for the store alone: it is handed over, not copied.
      await timeline.replaceOne({ _id: id }, doc, { upsert: true, handOver: true });
      touched.push(doc);
    }
    await refreshDailyInsights(context, child, touched);
  },
};
