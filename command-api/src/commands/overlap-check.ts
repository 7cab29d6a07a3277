import { MAX_FEEDING_MINUTES } from '@nightlight/domain/feedings/feeding-rules';
import { TIMELINE_COLLECTION, type TimelineDocument } from '@nightlight/domain/read-models/timeline/timeline-document';
import { ConflictError } from '@nightlight/domain/shared/domain-event';
import { MAX_SLEEP_MINUTES } from '@nightlight/domain/sleeps/sleep-rules';
import { instantMs } from '@nightlight/domain/time/zoned-time';
import type { ReadStore } from '@nightlight/infrastructure/ports/read-store';

const LONGEST_MINUTES = { feeding: MAX_FEEDING_MINUTES, sleep: MAX_SLEEP_MINUTES };

/**
 * Two feedings (or two sleeps) of one child cannot overlap. Checked against the child's timeline
 * read model: a parent logging from two phones in the same second is rare, and correctable.
 */
export async function assertNoOverlap(
  readStore: ReadStore,
  entry: { id: string; childId: string; kind: 'feeding' | 'sleep'; startedAt: string; endedAt: string },
): Promise<void> {
  // Nothing lasts longer than its kind allows, so only entries starting that long before this one
  // can reach into it: one indexed range of the child's timeline, however long its history.
  const earliestStart = new Date(instantMs(entry.startedAt) - LONGEST_MINUTES[entry.kind] * 60_000).toISOString();
  const nearby = await readStore
    .collection<TimelineDocument>(TIMELINE_COLLECTION)
    .find({ childId: entry.childId, startedAt: { $gt: earliestStart, $lt: entry.endedAt } }, { readOnly: true });
  const start = instantMs(entry.startedAt);
  const clash = nearby.some((other) => other.kind === entry.kind && other._id !== entry.id && instantMs(other.endedAt) > start);
  if (clash) {
    const what = entry.kind === 'feeding' ? 'a feeding' : 'a sleep session';
    throw new ConflictError(`This overlaps ${what} already logged for this child`);
  }
}
