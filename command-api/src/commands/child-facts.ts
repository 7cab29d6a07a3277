import { evolveChild, initialChildState, type ChildState } from '@nightlight/domain/children/child.events';
import { childStreamId } from '@nightlight/domain/shared/stream-ids';
import type { PersonalDataCipher } from '@nightlight/infrastructure/crypto/personal-data-cipher';
import type { EventStore } from '@nightlight/infrastructure/ports/event-store';
import { StreamStateCache } from './stream-state-cache';

/**
 * What a write needs of a child, kept between writes: every entry write checks the family and the
 * birth date. A child's stream grows by a handful of events in its life, so its state is folded
 * once and each read asks the log only for what came after (stream-state-cache.ts); a child whose
 * profile changes gets a new sealed birth date, which is opened anew. Bounded: a child's state and
 * birth date weigh about a kilobyte, so these are a few megabytes at most.
 */
const CHILDREN_KEPT = 5_000;

const childStates = new WeakMap<EventStore, StreamStateCache<ChildState>>();

/** The child as its stream records it now (strongly consistent: the log is asked for what is new). */
export async function currentChildState(eventStore: EventStore, childId: string): Promise<ChildState> {
  let states = childStates.get(eventStore);
  if (!states) childStates.set(eventStore, (states = new StreamStateCache(evolveChild, initialChildState, CHILDREN_KEPT)));
  return (await states.read(eventStore, childStreamId(childId))).state;
}

/** Birth dates opened, by child: the sealed text they were opened from, and what it holds. */
const openedBirthDates = new WeakMap<PersonalDataCipher, Map<string, { sealed: string; birthDate: string | null }>>();

/** The child's birth date in plain text, null once its key is destroyed; opened once per sealed value. */
export async function openedBirthDate(cipher: PersonalDataCipher, child: { childId: string; ownerId: string; sealedBirthDate: string }): Promise<string | null> {
  let opened = openedBirthDates.get(cipher);
  if (!opened) openedBirthDates.set(cipher, (opened = new Map()));
  const known = opened.get(child.childId);
  if (known?.sealed === child.sealedBirthDate) return known.birthDate;
  const birthDate = await cipher.openForChild(child.childId, child.ownerId, child.sealedBirthDate);
  // A key destroyed since (the child deleted) is not remembered as opened.
  if (birthDate !== null) {
    opened.delete(child.childId);
    opened.set(child.childId, { sealed: child.sealedBirthDate, birthDate });
    if (opened.size > CHILDREN_KEPT) opened.delete(opened.keys().next().value!);
  }
  return birthDate;
}
