import { CHILDREN_COLLECTION, type ChildDocument } from '@nightlight/domain/read-models/children/child-document';
import { INVITATIONS_COLLECTION } from '@nightlight/domain/read-models/children/invitation-document';
import { GROWTH_COLLECTION } from '@nightlight/domain/read-models/growth/growth-document';
import { TIMERS_COLLECTION } from '@nightlight/domain/read-models/timers/timer-document';
import { MEMBERSHIPS_COLLECTION } from '@nightlight/domain/read-models/children/membership-document';
import { ENTRY_HISTORY_COLLECTION } from '@nightlight/domain/read-models/timeline/entry-history';
import { detailsOf, TIMELINE_COLLECTION, timelineDocument, type TimelineDocument } from '@nightlight/domain/read-models/timeline/timeline-document';
import type { ProjectionContext } from '../projection';
import { DAILY_INSIGHTS_COLLECTION } from '@nightlight/domain/read-models/daily-insights/daily-insights-record';
import { MILESTONE_ALERTS_COLLECTION } from '@nightlight/domain/read-models/milestone-alerts/milestone-alerts-collection';
import { dailyEntriesOf } from './daily-entries';
import { rebuildChildInsights } from './daily-insights.projection';

/** A changed zone or night window moves local dates and nights: re-derive the child's read models. */
export async function reprojectChild(context: ProjectionContext, child: ChildDocument): Promise<void> {
  const timeline = context.readStore.collection<TimelineDocument>(TIMELINE_COLLECTION);
  const entries = await timeline.find({ childId: child._id });
  await timeline.bulkWrite(
    entries.map((entry) => ({
      replaceOne: {
        filter: { _id: entry._id },
        replacement: timelineDocument({ ...entry, id: entry._id, details: detailsOf(entry) }, child.timezone, entry.position),
      },
    })),
  );
  await rebuildChildInsights(context, child);
}

/** A removed or anonymised child disappears from every read model. */
export async function forgetChild(context: ProjectionContext, childId: string): Promise<void> {
  const { readStore } = context;
  context.cipher.forgetChild(childId);
  dailyEntriesOf(context).forget(childId);
  await readStore.collection(TIMELINE_COLLECTION).deleteMany({ childId });
  await readStore.collection(ENTRY_HISTORY_COLLECTION).deleteMany({ childId });
  await readStore.collection(DAILY_INSIGHTS_COLLECTION).deleteMany({ childId });
  await readStore.collection(GROWTH_COLLECTION).deleteMany({ childId });
  await readStore.collection(TIMERS_COLLECTION).deleteMany({ childId });
  await readStore.collection(MILESTONE_ALERTS_COLLECTION).deleteMany({ childId });
  await readStore.collection(MEMBERSHIPS_COLLECTION).deleteMany({ childId });
  await readStore.collection(INVITATIONS_COLLECTION).deleteMany({ childId });
  await readStore.collection(CHILDREN_COLLECTION).deleteOne({ _id: childId });
}
