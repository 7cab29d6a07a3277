import { parentsOf, type ChildCommand } from '@nightlight/domain/children/child.decider';
import { childStreamId, emailStreamId, referralStreamId, userStreamId } from '@nightlight/domain/shared/stream-ids';
import type { UserState } from '@nightlight/domain/users/user.events';
import type { CommandDeps } from '../command-deps';
import { childDecider } from './child-decider';
import { resealBeforeLeaving } from './reseal-child-data';
import { decideWithRetry, emailReservationDecider, loadState, loadUser, referralCodeDecider, userDecider, type AccountCommandContext } from './account-streams';

export const FINISH_ACCOUNT_DELETION_JOB = 'accounts.finish-deletion';
export interface FinishAccountDeletionData {
  userId: string;
}

export interface AccountDeletionOutcome {
  /** Position of the last event written. */
  position: number;
  /** Set when a step after AccountDeleted failed: a job finishes the deletion instead. */
  deferred?: unknown;
}

/**
 * Deletes an account (design §5). Every device is signed out as of now, then AccountDeleted is
 * recorded: from that fact on the deletion is decided and only has to be finished. The rest runs
 * at once with the state the decision returned (so a child linked since the password check is not
 * missed); when a step fails, a job finishes it, and a sweep at start-up and every few minutes
 * finishes any deletion a crash left behind.
 */
export async function anonymizeAccount(deps: CommandDeps, userId: string, context: AccountCommandContext): Promise<AccountDeletionOutcome> {
  // Now, not for ever: if AccountDeleted cannot be recorded, the parent can sign in again and retry.
  await deps.sessions.revokeAllForUser(userId, deps.clock().getTime());
  const deleted = await decideWithRetry(deps, userStreamId(userId), userDecider, { type: 'AnonymizeAccount', data: { userId } }, context);
  try {
    const finished = await finishAccountDeletion(deps, userId, context, deleted.state);
    return { position: Math.max(deleted.position, finished) };
  } catch (error) {
    await deps.jobs.enqueue<FinishAccountDeletionData>(FINISH_ACCOUNT_DELETION_JOB, { userId }, { jobId: userId, attempts: 5, backoffMs: 1000 }).catch(() => undefined);
    return { position: deleted.position, deferred: error };
  }
}

/**
 * The deleted account's part in one child's family. The last parent takes the child with them: it
 * is anonymised and its key destroyed (after reading its birth month). Anyone else leaves the
 * family, and the child stays with the others, every entry intact; entries the user logged show
 * 'Former member'. Returns the position written, 0 when there was nothing to do.
 */
async function leaveChild(deps: CommandDeps, userId: string, childId: string, context: AccountCommandContext): Promise<number> {
  const child = await loadState(deps.eventStore, childStreamId(childId), childDecider);
  if (child.status !== 'active' || !child.members[userId] || !child.profile || !child.ownerId) return 0;
  if (parentsOf(child).join() === userId) {
    const birthDate = await deps.cipher.openForChild(childId, child.ownerId, child.profile.birthDate);
    // Research keeps the birth month only: with the keys gone, nothing in the log gives the date back.
    const command: ChildCommand = { type: 'AnonymizeChild', data: { childId, ownerId: userId, birthMonth: birthDate ? birthDate.slice(0, 7) : null } };
    const anonymized = await decideWithRetry(deps, childStreamId(childId), childDecider, command, context);
    await deps.cipher.shredChild(childId);
    return anonymized.position;
  }
  const position = await resealBeforeLeaving(deps, userId, childId, child, context);
  const left = await decideWithRetry(deps, childStreamId(childId), childDecider, { type: 'RemoveMember', data: { childId, actorId: userId, memberId: userId } }, context);
  return Math.max(position, left.position);
}

/**
 * The steps after AccountDeleted, each idempotent, so running them again after a crash or beside a
 * concurrent run changes nothing that is done: revoke every session for good, release the e-mail
 * address, withdraw the personal referral code, leave every child's family or, as
 * its last parent, anonymise the child (reading its birth month with its key, so this comes before
 * the key goes), destroy the data key, and record
 * DataKeyDestroyed, which marks the deletion finished. Returns the position of the last event written.
 */
export async function finishAccountDeletion(deps: CommandDeps, userId: string, context: AccountCommandContext, decided?: UserState): Promise<number> {
  const user = decided ?? (await loadUser(deps.eventStore, userId));
  if (user.status !== 'deleted' || user.dataKeyDestroyed) return 0;
  // MAX_SAFE_INTEGER rather than now: access tokens carry whole seconds, and even one issued this second must fail.
  await deps.sessions.revokeAllForUser(userId, Number.MAX_SAFE_INTEGER);
  let position = 0;
  const record = (written: { position: number }) => {
    position = Math.max(position, written.position);
  };
  if (user.emailDigest) {
    record(await decideWithRetry(deps, emailStreamId(user.emailDigest), emailReservationDecider, { type: 'ReleaseEmail', data: { userId } }, context));
  }
  if (user.referralCode) {
    const code = user.referralCode;
    record(await decideWithRetry(deps, referralStreamId(code), referralCodeDecider, { type: 'WithdrawReferralCode', data: { code } }, context));
  }
  for (const childId of user.childIds) record({ position: await leaveChild(deps, userId, childId, context) });
  await deps.cipher.shred(userId);
  record(await decideWithRetry(deps, userStreamId(userId), userDecider, { type: 'RecordDataKeyDestroyed', data: { userId } }, context));
  return position;
}
