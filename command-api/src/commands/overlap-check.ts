import { ConflictError } from '@nightlight/domain/shared/domain-event';
import type { ReadStore } from '@nightlight/infrastructure/ports/read-store';
import { TIMELINE_COLLECTION } from '@nightlight/domain/read-models/timeline/timeline-document';

/**
 * Two feedings (or two sleeps) of one child cannot overlap. Checked against the child's timeline
 * read model: a parent logging from two phones in the same second is rare, and correctable.
 */
export async function assertNoOverlap(
  readStore: ReadStore,
  entry: { id: string; childId: string; kind: 'feeding' | 'sleep'; startedAt: string; endedAt: string },
): Promise<void> {
  const clash = await readStore.collection(TIMELINE_COLLECTION).findOne({
    childId: entry.childId,
    kind: entry.kind,
    _id: { $ne: entry.id },
    startedAt: { $lt: entry.endedAt },
    endedAt: { $gt: entry.startedAt },
  });
  if (clash) {
    const what = entry.kind === 'feeding' ? 'a feeding' : 'a sleep session';
    throw new ConflictError(`This overlaps ${what} already logged for this child`);
  }
}
