import { randomBytes } from 'node:crypto';
import { ACCOUNT_DELETIONS_COLLECTION, type AccountDeletionDocument } from '@nightlight/domain/read-models/users/account-deletion-document';
import { FINISH_ACCOUNT_DELETION_JOB, finishAccountDeletion, type FinishAccountDeletionData } from '../accounts/anonymize-account';
import type { CommandDeps } from '../command-deps';

export const SWEEP_ACCOUNT_DELETIONS_JOB = 'accounts.sweep-deletions';
/** How often unfinished deletions are looked for, besides once at every start. */
const SWEEP_EVERY_MS = 5 * 60 * 1000;

/**
 * Enqueues the finishing of every deletion the read model lists as unfinished. The list may lag or
 * hold one that was just finished: the job reads the user stream and does only what is left.
 */
export async function sweepAccountDeletions(deps: CommandDeps): Promise<void> {
  const pending = await deps.readStore.collection<AccountDeletionDocument>(ACCOUNT_DELETIONS_COLLECTION).find({}, { projection: { _id: 1 } });
  for (const { _id: userId } of pending) {
    await deps.jobs.enqueue<FinishAccountDeletionData>(FINISH_ACCOUNT_DELETION_JOB, { userId }, { jobId: userId, attempts: 5, backoffMs: 1000 });
  }
}

export async function registerAccountDeletionJobs(deps: CommandDeps): Promise<void> {
  await deps.jobs.work<FinishAccountDeletionData>(FINISH_ACCOUNT_DELETION_JOB, ({ userId }, job) => finishAccountDeletion(deps, userId, { correlationId: `finish-deletion-${job.id}` }).then(() => undefined));
  await deps.jobs.work(SWEEP_ACCOUNT_DELETIONS_JOB, () => sweepAccountDeletions(deps));
  await deps.jobs.repeat(SWEEP_ACCOUNT_DELETIONS_JOB, {}, { key: SWEEP_ACCOUNT_DELETIONS_JOB, everyMs: SWEEP_EVERY_MS });
  // A restart is when a crash's unfinished deletion is most likely: look at once, not at the next tick.
  await deps.jobs.enqueue(SWEEP_ACCOUNT_DELETIONS_JOB, {}, { jobId: `start-${randomBytes(8).toString('hex')}` });
}
