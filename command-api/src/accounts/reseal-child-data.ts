import type { ChildCommand } from '@nightlight/domain/children/child.decider';
import type { ChildState } from '@nightlight/domain/children/child.events';
import { decideDiaper, type DiaperCommand } from '@nightlight/domain/diapers/diaper.decider';
import { evolveDiaper, initialDiaperState } from '@nightlight/domain/diapers/diaper.events';
import { decideFeeding, type FeedingCommand } from '@nightlight/domain/feedings/feeding.decider';
import { evolveFeeding, initialFeedingState } from '@nightlight/domain/feedings/feeding.events';
import { decidePumping, type PumpingCommand } from '@nightlight/domain/pumpings/pumping.decider';
import { evolvePumping, initialPumpingState } from '@nightlight/domain/pumpings/pumping.events';
import { TIMELINE_COLLECTION, type TimelineDocument } from '@nightlight/domain/read-models/timeline/timeline-document';
import { childStreamId, diaperStreamId, feedingStreamId, pumpingStreamId, sleepStreamId } from '@nightlight/domain/shared/stream-ids';
import { decideSleep, type SleepCommand } from '@nightlight/domain/sleeps/sleep.decider';
import { evolveSleep, initialSleepState } from '@nightlight/domain/sleeps/sleep.events';
import type { CommandDeps } from '../command-deps';
import { decideWithRetry, type AccountCommandContext } from './account-streams';
import { childDecider } from './child-decider';

/**
 * Before children had keys, a child's data was sealed with the key of the parent who wrote it. When
 * that parent deletes their account and the child stays with its family, what they sealed is sealed
 * again with the child's key before their key is destroyed: the profile, and the notes and
 * sleep-sack tags of the entries they logged. Data written since is the child's already and left
 * alone, so running this again writes nothing. Returns the last position written, 0 for none.
 */
export async function resealBeforeLeaving(deps: CommandDeps, userId: string, childId: string, child: ChildState, context: AccountCommandContext): Promise<number> {
  const { cipher } = deps;
  let position = 0;
  const reseal = async (sealed: string) => (await cipher.isSealedForChild(childId, sealed) ? null : cipher.sealForChild(childId, (await cipher.open(userId, sealed)) ?? ''));

  if (child.profile && child.ownerId === userId && !(await cipher.isSealedForChild(childId, child.profile.displayName))) {
    const open = async (sealed: string) => (await cipher.open(userId, sealed)) ?? '';
    const profile = { ...child.profile, displayName: await cipher.sealForChild(childId, await open(child.profile.displayName)), birthDate: await cipher.sealForChild(childId, await open(child.profile.birthDate)) };
    const command: ChildCommand = { type: 'UpdateChildProfile', data: { childId, actorId: userId, ...profile } };
    position = (await decideWithRetry(deps, childStreamId(childId), childDecider, command, context)).position;
  }

  const logged = await deps.readStore.collection<TimelineDocument>(TIMELINE_COLLECTION).find({ childId, ownerId: userId }, { readOnly: true });
  for (const entry of logged) {
    const notes = await reseal(entry.sealedNotes);
    const tag = entry.environment?.sleepSackTag ? await reseal(entry.environment.sleepSackTag) : null;
    if (notes === null && tag === null) continue;
    const written = await resealEntry(deps, entry, notes ?? entry.sealedNotes, tag ?? entry.environment?.sleepSackTag ?? null, context);
    position = Math.max(position, written.position);
  }
  return position;
}

function resealEntry(deps: CommandDeps, entry: TimelineDocument, notes: string, sleepSackTag: string | null, context: AccountCommandContext) {
  switch (entry.kind) {
    case 'feeding':
      return decideWithRetry(deps, feedingStreamId(entry._id), feedingDecider, { type: 'ResealFeedingNotes', data: { feedingId: entry._id, notes } }, context);
    case 'sleep':
      return decideWithRetry(deps, sleepStreamId(entry._id), sleepDecider, { type: 'ResealSleepNotes', data: { sleepId: entry._id, notes, sleepSackTag } }, context);
    case 'diaper':
      // Diaper changes and pumping came after children had keys, but one written with a writer's key is resealed the same way.
      return decideWithRetry(deps, diaperStreamId(entry._id), diaperDecider, { type: 'ResealDiaperNotes', data: { diaperId: entry._id, notes } }, context);
    case 'pumping':
      return decideWithRetry(deps, pumpingStreamId(entry._id), pumpingDecider, { type: 'ResealPumpingNotes', data: { pumpingId: entry._id, notes } }, context);
    default: {
      const exhaustive: never = entry.kind;
      return exhaustive;
    }
  }
}

const feedingDecider = { initialState: initialFeedingState, evolve: evolveFeeding, decide: (command: FeedingCommand, state: ReturnType<typeof initialFeedingState>) => decideFeeding(command, state) };
const sleepDecider = { initialState: initialSleepState, evolve: evolveSleep, decide: (command: SleepCommand, state: ReturnType<typeof initialSleepState>) => decideSleep(command, state) };
const diaperDecider = { initialState: initialDiaperState, evolve: evolveDiaper, decide: (command: DiaperCommand, state: ReturnType<typeof initialDiaperState>) => decideDiaper(command, state) };
const pumpingDecider = { initialState: initialPumpingState, evolve: evolvePumping, decide: (command: PumpingCommand, state: ReturnType<typeof initialPumpingState>) => decidePumping(command, state) };
