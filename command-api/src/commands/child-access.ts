import { assertMember, assertParent } from '@nightlight/domain/children/child.decider';
import { evolveChild, initialChildState, type ChildRole, type ChildState } from '@nightlight/domain/children/child.events';
import { NotFoundError } from '@nightlight/domain/shared/domain-event';
import { childStreamId } from '@nightlight/domain/shared/stream-ids';
import type { EventStore } from '@nightlight/infrastructure/ports/event-store';
import { currentChildState } from './child-facts';

export type FamilyChild = ChildState & { childId: string; ownerId: string; profile: NonNullable<ChildState['profile']>; role: ChildRole };

/**
 * The child as its own stream records it, strongly consistent, with the user's role in its family:
 * 404 unless the user is a member and the child active; 403 for a caregiver when a parent is needed.
 */
export async function loadChildAs(eventStore: EventStore, childId: string, userId: string, need: 'member' | 'parent' = 'member'): Promise<FamilyChild> {
  const state = await currentChildState(eventStore, childId);
  if (need === 'parent') assertParent(state, userId);
  else assertMember(state, userId);
  return { ...(state as FamilyChild), role: state.members[userId]!.role };
}

/** Whether the user is a member of the child's family now (the child active), from its stream. */
export async function isMember(eventStore: EventStore, childId: string, userId: string): Promise<boolean> {
  try {
    await loadChildAs(eventStore, childId, userId);
    return true;
  } catch (error) {
    if (error instanceof NotFoundError) return false;
    throw error;
  }
}

/** The child as its stream recorded it up to `position`: the zone an earlier answer was given in. */
export async function childAsOf(eventStore: EventStore, childId: string, position: number): Promise<ChildState> {
  const events = await eventStore.readStream(childStreamId(childId));
  return events.filter((event) => event.position <= position).reduce(evolveChild, initialChildState());
}
