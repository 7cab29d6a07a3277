import { evolveChild, initialChildState, type ChildState } from '@nightlight/domain/children/child.events';
import { NotFoundError } from '@nightlight/domain/shared/domain-event';
import { childStreamId } from '@nightlight/domain/shared/stream-ids';
import type { EventStore } from '@nightlight/infrastructure/ports/event-store';

/** The child as its own stream records it, strongly consistent; 404 unless it is the user's and active. */
export async function loadOwnedChild(eventStore: EventStore, childId: string, userId: string): Promise<ChildState & { profile: NonNullable<ChildState['profile']> }> {
  const events = await eventStore.readStream(childStreamId(childId));
  const state = events.reduce(evolveChild, initialChildState());
  if (state.status !== 'active' || state.ownerId !== userId || !state.profile) throw new NotFoundError('Child not found');
  return state as ChildState & { profile: NonNullable<ChildState['profile']> };
}
