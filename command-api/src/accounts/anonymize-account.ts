import { decideChild, type ChildCommand } from '@nightlight/domain/children/child.decider';
import { evolveChild, initialChildState, type ChildEvent, type ChildState } from '@nightlight/domain/children/child.events';
import { childStreamId, emailStreamId, referralStreamId, userStreamId } from '@nightlight/domain/shared/stream-ids';
import type { UserState } from '@nightlight/domain/users/user.events';
import type { CommandDeps } from '../command-deps';
import type { Decider } from '../command-handler';
import { decideWithRetry, emailReservationDecider, loadState, loadUser, referralCodeDecider, userDecider, type AccountCommandContext } from './account-streams';

const childDecider: Decider<ChildCommand, ChildState, ChildEvent> = { initialState: initialChildState, evolve: evolveChild, decide: decideChild };

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
 * The steps after AccountDeleted, each idempotent, so running them again after a crash or beside a
 * concurrent run changes nothing that is done: revoke every session for good, release the e-mail
 * address, withdraw the personal referral code, anonymise the children (reading their birth months
 * with the key, so this comes before the key goes), destroy the data key, and record
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
  for (const childId of user.childIds) {
    const child = await loadState(deps.eventStore, childStreamId(childId), childDecider);
    if (child.status !== 'active' || child.ownerId !== userId || !child.profile) continue;
    const birthDate = await deps.cipher.open(userId, child.profile.birthDate);
    // Research keeps the birth month only: with the key gone, nothing in the log gives the date back.
    const command: ChildCommand = { type: 'AnonymizeChild', data: { childId, ownerId: userId, birthMonth: birthDate ? birthDate.slice(0, 7) : null } };
    record(await decideWithRetry(deps, childStreamId(childId), childDecider, command, context));
  }
  await deps.cipher.shred(userId);
  record(await decideWithRetry(deps, userStreamId(userId), userDecider, { type: 'RecordDataKeyDestroyed', data: { userId } }, context));
  return position;
}
