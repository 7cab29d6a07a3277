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

/** The child as its stream recorded it up to `position`: the zone an earlier answer was given in. */
export async function childAsOf(eventStore: EventStore, childId: string, position: number): Promise<ChildState> {
  const events = await eventStore.readStream(childStreamId(childId));
  return events.filter((event) => event.position <= position).reduce(evolveChild, initialChildState());
}
