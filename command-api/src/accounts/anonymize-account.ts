import { decideChild, type ChildCommand } from '@nightlight/domain/children/child.decider';
import { evolveChild, initialChildState, type ChildEvent, type ChildState } from '@nightlight/domain/children/child.events';
import { childStreamId, emailStreamId, userStreamId } from '@nightlight/domain/shared/stream-ids';
import type { UserState } from '@nightlight/domain/users/user.events';
import type { CommandDeps } from '../command-deps';
import type { Decider } from '../command-handler';
import { decideWithRetry, emailReservationDecider, loadState, userDecider, type AccountCommandContext } from './account-streams';

const childDecider: Decider<ChildCommand, ChildState, ChildEvent> = { initialState: initialChildState, evolve: evolveChild, decide: decideChild };

/**
 * Deletes an account (design §5). Sessions end first, so nothing signed in can act while the rest
 * runs; the data key is destroyed last, because the children's birth months are read with it.
 * Every step is idempotent. Returns the position of the last event written.
 */
export async function anonymizeAccount(deps: CommandDeps, user: UserState, context: AccountCommandContext): Promise<number> {
  const userId = user.userId!;
  // MAX_SAFE_INTEGER rather than now: access tokens carry whole seconds, and even one issued this second must fail.
  await deps.sessions.revokeAllForUser(userId, Number.MAX_SAFE_INTEGER);
  let position = (await decideWithRetry(deps, userStreamId(userId), userDecider, { type: 'AnonymizeAccount', data: { userId } }, context)).position;
  if (user.emailDigest) {
    const released = await decideWithRetry(deps, emailStreamId(user.emailDigest), emailReservationDecider, { type: 'ReleaseEmail', data: { userId } }, context);
    position = Math.max(position, released.position);
  }
  for (const childId of user.childIds) {
    const child = await loadState(deps.eventStore, childStreamId(childId), childDecider);
    const birthDate = child.profile && child.ownerId === userId ? await deps.cipher.open(userId, child.profile.birthDate) : null;
    // Research keeps the birth month only: with the key gone, nothing in the log gives the date back.
    const command: ChildCommand = { type: 'AnonymizeChild', data: { childId, ownerId: userId, birthMonth: birthDate ? birthDate.slice(0, 7) : null } };
    const anonymized = await decideWithRetry(deps, childStreamId(childId), childDecider, command, context);
    position = Math.max(position, anonymized.position);
  }
  await deps.cipher.shred(userId);
  return position;
}
