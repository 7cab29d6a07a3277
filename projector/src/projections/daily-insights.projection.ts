import { computeDailyInsights, type DailyInsightsDocument } from '@nightlight/domain/insights/daily-insights';
import { datesAffectedBy, entriesWindowFor } from '@nightlight/domain/insights/daily-insights-window';
import type { ChildSchedule, FeedingInput, SleepInput } from '@nightlight/domain/insights/insight-inputs';
import { CHILDREN_COLLECTION, type ChildDocument } from '@nightlight/domain/read-models/children/child-document';
import { DAILY_INSIGHTS_COLLECTION, dailyInsightsId, type DailyInsightsRecord } from '@nightlight/domain/read-models/daily-insights/daily-insights-record';
import { TIMELINE_COLLECTION, type TimelineDocument } from '@nightlight/domain/read-models/timeline/timeline-document';
import type { ProjectionContext } from '../projection';

function isEmptyDay(doc: DailyInsightsDocument): boolean {
  return (
    doc.feeding.feedCount === 0 &&
    doc.sleep.napCount === 0 &&
    doc.sleep.longestNightStretchMins === null &&
    doc.sleep.calendarDaySleepMins === 0
  );
}

function scheduleOf(child: ChildDocument): ChildSchedule {
  return { timezone: child.timezone, nightWindowStart: child.nightWindowStart, nightWindowEnd: child.nightWindowEnd };
}

async function recomputeDate(context: ProjectionContext, child: ChildDocument, date: string): Promise<void> {
  const schedule = scheduleOf(child);
  const window = entriesWindowFor(date, schedule);
  const entries = await context.readStore
    .collection<TimelineDocument>(TIMELINE_COLLECTION)
    .find({ childId: child._id, startedAt: { $gte: window.from, $lt: window.to } }, { readOnly: true });
  const feedings: FeedingInput[] = [];
  const sleeps: SleepInput[] = [];
  for (const entry of entries) {
    if (entry.kind === 'feeding') feedings.push({ id: entry._id, startedAt: entry.startedAt, endedAt: entry.endedAt, amountOz: entry.amountOz, method: entry.method ?? 'Bottle' });
    else sleeps.push({ id: entry._id, startedAt: entry.startedAt, endedAt: entry.endedAt });
  }
  const doc = computeDailyInsights(date, feedings, sleeps, schedule);
  const collection = context.readStore.collection<DailyInsightsRecord>(DAILY_INSIGHTS_COLLECTION);
  const _id = dailyInsightsId(child._id, date);
  // A date with nothing on it has no document, so an incremental update and a rebuild agree.
  if (isEmptyDay(doc)) await collection.deleteOne({ _id });
  else await collection.replaceOne({ _id }, { _id, childId: child._id, ownerId: child.ownerId, ...doc }, { upsert: true, handOver: true });
}

/** Recomputes the dates the given entries (old and new versions of what changed) touch. */
export async function refreshDailyInsights(
  context: ProjectionContext,
  child: ChildDocument,
  entries: readonly { startedAt: string; endedAt: string }[],
): Promise<void> {
  const schedule = scheduleOf(child);
  const dates = entries.length === 1 ? datesAffectedBy(entries[0]!, schedule) : [...new Set(entries.flatMap((entry) => datesAffectedBy(entry, schedule)))].sort();
  for (const date of dates) {
    if (!context.deferred) await recomputeDate(context, child, date);
    else if (!context.deferred.has(child._id, date)) context.deferred.add(child._id, date, () => recomputeLater(context, child._id, date));
  }
}

/** A deferred recompute reads the child as it is by then: it may have moved zone or been removed. */
async function recomputeLater(context: ProjectionContext, childId: string, date: string): Promise<void> {
  const child = await context.readStore.collection<ChildDocument>(CHILDREN_COLLECTION).findOne({ _id: childId }, { readOnly: true });
  if (child) await recomputeDate({ ...context, deferred: undefined }, child, date);
}

/** Recomputes every date of a child, after its zone or night window changed. */
export async function rebuildChildInsights(context: ProjectionContext, child: ChildDocument): Promise<void> {
  await context.readStore.collection(DAILY_INSIGHTS_COLLECTION).deleteMany({ childId: child._id });
  const entries = await context.readStore.collection<TimelineDocument>(TIMELINE_COLLECTION).find({ childId: child._id }, { readOnly: true });
  await refreshDailyInsights(context, child, entries);
}
