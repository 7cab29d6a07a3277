import { dailyInsightsOfTimed, type DailyInsightsDocument } from '@nightlight/domain/insights/daily-insights';
import { datesAffectedBy, entriesWindowFor } from '@nightlight/domain/insights/daily-insights-window';
import type { ChildSchedule } from '@nightlight/domain/insights/insight-inputs';
import { CHILDREN_COLLECTION, type ChildDocument } from '@nightlight/domain/read-models/children/child-document';
import { DAILY_INSIGHTS_COLLECTION, dailyInsightsId, type DailyInsightsRecord } from '@nightlight/domain/read-models/daily-insights/daily-insights-record';
import { TIMELINE_COLLECTION, type TimelineDocument } from '@nightlight/domain/read-models/timeline/timeline-document';
import { daysBetween, type LocalDate } from '@nightlight/domain/time/zoned-time';
import { eachInSlices } from '@nightlight/infrastructure/event-loop/in-slices';
import type { ProjectionContext } from '../projection';
import { dailyEntriesOf, startingWithin } from './daily-entries';

function isEmptyDay(doc: DailyInsightsDocument): boolean {
  return (
    doc.feeding.feedCount === 0 &&
    doc.sleep.napCount === 0 &&
    doc.sleep.longestNightStretchMins === null &&
    doc.sleep.calendarDaySleepMins === 0 &&
    doc.diapers.changeCount === 0
  );
}

function scheduleOf(child: ChildDocument): ChildSchedule {
  return { timezone: child.timezone, nightWindowStart: child.nightWindowStart, nightWindowEnd: child.nightWindowEnd };
}

/** Dates this close share one read of the timeline: their entry windows overlap or nearly touch. */
const SHARED_READ_MAX_GAP_DAYS = 2;
/**
 * Dates recomputed from one read at most: a burst's hundreds of days (an import's) are read a few
 * weeks at a time, with other work let in between the reads. During an import, one settlement read
 * months of entries back in one query and held every other request for 0.4 s (`import.bench.ts`).
 */
const RUN_MAX_DATES = 21;

/** The sorted dates in runs that share one read: nearby, and at most RUN_MAX_DATES. */
function* runsOf(sorted: readonly LocalDate[]): Generator<LocalDate[]> {
  for (let first = 0; first < sorted.length; ) {
    let end = first + 1;
    while (end < sorted.length && end - first < RUN_MAX_DATES && daysBetween(sorted[end - 1]!, sorted[end]!) <= SHARED_READ_MAX_GAP_DAYS) end += 1;
    yield sorted.slice(first, end);
    first = end;
  }
}

/** Recomputes the given dates of a child, reading its timeline once for each run of nearby dates. */
async function recomputeDates(context: ProjectionContext, child: ChildDocument, dates: readonly LocalDate[]): Promise<void> {
  await eachInSlices(runsOf([...dates].sort()), (run) => recomputeRun(context, child, run));
}

/** Dates in ascending order, close together: one range read covers all their windows. */
async function recomputeRun(context: ProjectionContext, child: ChildDocument, dates: readonly LocalDate[]): Promise<void> {
  const schedule = scheduleOf(child);
  const from = entriesWindowFor(dates[0]!, schedule).from;
  const to = entriesWindowFor(dates[dates.length - 1]!, schedule).to;
  const { feedings, sleeps, diapers } = await dailyEntriesOf(context).within(child._id, from, to, () =>
    context.readStore
      .collection<TimelineDocument>(TIMELINE_COLLECTION)
      .find({ childId: child._id, startedAt: { $gte: new Date(from).toISOString(), $lt: new Date(to).toISOString() } }, { readOnly: true }),
  );
  const collection = context.readStore.collection<DailyInsightsRecord>(DAILY_INSIGHTS_COLLECTION);
  for (const date of dates) {
    const window = entriesWindowFor(date, schedule);
    const doc = dailyInsightsOfTimed(date, startingWithin(feedings, window), startingWithin(sleeps, window), schedule, startingWithin(diapers, window));
    const _id = dailyInsightsId(child._id, date);
    // A date with nothing on it has no document, so an incremental update and a rebuild agree.
    if (isEmptyDay(doc)) await collection.deleteOne({ _id });
    else await collection.replaceOne({ _id }, { _id, childId: child._id, ownerId: child.ownerId, ...doc }, { upsert: true, handOver: true });
  }
}

/** Recomputes the dates the given entries (old and new versions of what changed) touch. */
export async function refreshDailyInsights(
  context: ProjectionContext,
  child: ChildDocument,
  entries: readonly { startedAt: string; endedAt: string }[],
): Promise<void> {
  const schedule = scheduleOf(child);
  const dates = entries.length === 1 ? datesAffectedBy(entries[0]!, schedule) : [...new Set(entries.flatMap((entry) => datesAffectedBy(entry, schedule)))];
  const deferred = context.deferred;
  if (!deferred) return recomputeDates(context, child, dates);
  for (const date of dates) if (!deferred.has(child._id, date)) deferred.add(child._id, date, recomputeLater(context));
}

/** A deferred recompute reads the child as it is by then: it may have moved zone or been removed. */
const recomputeLater =
  (context: ProjectionContext) =>
  async (childId: string, dates: readonly LocalDate[]): Promise<void> => {
    const child = await context.readStore.collection<ChildDocument>(CHILDREN_COLLECTION).findOne({ _id: childId }, { readOnly: true });
    if (child) await recomputeDates(context, child, dates);
  };

/** Recomputes every date of a child, after its zone or night window changed. */
export async function rebuildChildInsights(context: ProjectionContext, child: ChildDocument): Promise<void> {
  dailyEntriesOf(context).forget(child._id);
  await context.readStore.collection(DAILY_INSIGHTS_COLLECTION).deleteMany({ childId: child._id });
  const entries = await context.readStore.collection<TimelineDocument>(TIMELINE_COLLECTION).find({ childId: child._id }, { readOnly: true });
  await refreshDailyInsights(context, child, entries);
}
