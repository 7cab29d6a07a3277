import { evolveChild, initialChildState } from '@nightlight/domain/children/child.events';
import { evolveChildStream, initialChildStreamState, type ChildStreamState } from '@nightlight/domain/children/child-stream.decider';
import type { MilestoneAlertEvent } from '@nightlight/domain/milestones/milestone-alert';
import { decide, type RaiseDueMilestoneAlert } from '@nightlight/domain/milestones/milestone-alert-decider';
import { CHILDREN_COLLECTION } from '@nightlight/domain/read-models/children/child-document';
import { childStreamId } from '@nightlight/domain/shared/stream-ids';
import { WrongExpectedRevisionError } from '@nightlight/infrastructure/ports/event-store';
import type { CommandDeps } from '../command-deps';
import { handleCommand, type Decider } from '../command-handler';

export const SCAN_CHILD_JOB = 'milestones.scan-child';
export const SCAN_ALL_JOB = 'milestones.scan-all';
/** Alert windows open at a local midnight; an hourly sweep raises an alert within the hour. */
const SCAN_ALL_EVERY_MS = 60 * 60 * 1000;

export interface ScanChildData {
  childId: string;
}

/**
 * Decides on the child's stream with the birth date that was opened before it. If the profile
 * changed in between (every update seals it anew), nothing is decided: the update decided the
 * alerts of its own birth date in its own append.
 */
function scanDecider(sealedBirthDate: string): Decider<RaiseDueMilestoneAlert, ChildStreamState, MilestoneAlertEvent> {
  return {
    initialState: initialChildStreamState,
    evolve: evolveChildStream,
    decide(command, { child, alerts }) {
      if (child.status !== 'active' || child.profile?.birthDate !== sealedBirthDate) return [];
      return decide(command, alerts);
    },
  };
}

async function raiseOnce(deps: CommandDeps, childId: string, correlationId: string): Promise<void> {
  const streamId = childStreamId(childId);
  const child = (await deps.eventStore.readStream(streamId)).reduce(evolveChild, initialChildState());
  if (child.status !== 'active' || !child.ownerId || !child.profile) return;
  const sealedBirthDate = child.profile.birthDate;
  const birthDate = await deps.cipher.openForChild(childId, child.ownerId, sealedBirthDate);
  // The child's key is gone: it was deleted or is about to be anonymised.
  if (birthDate === null) return;
  const now = deps.clock();
  // The decider runs only on this birth date's profile, which the recorded alerts were raised for.
  const command: RaiseDueMilestoneAlert = { type: 'RaiseDueMilestoneAlert', data: { childId, birthDate, previousBirthDate: birthDate, timezone: child.profile.timezone, now } };
  await handleCommand(deps.eventStore, streamId, scanDecider(sealedBirthDate), command, { correlationId, now, newId: deps.newId });
}

/**
 * Raises the alert due today in the child's zone, if it was not raised before. Two scans of one child
 * at once both decide to raise; one append wins and the other fails on the stream revision. Its
 * retry reads the raised alert and the decider answers with nothing, so the alert is raised once.
 */
export async function scanChild(deps: CommandDeps, childId: string, correlationId = `scan-${childId}`): Promise<void> {
  try {
    await raiseOnce(deps, childId, correlationId);
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
    await raiseOnce(deps, childId, correlationId);
  }
}

/**
 * Enqueues a scan of every active child. The children read model lists them without any personal
 * data (ids only); it may lag, which a best-effort sweep can afford: each scan re-checks the stream.
 */
export async function scanAll(deps: CommandDeps): Promise<void> {
  const children = await deps.readStore.collection(CHILDREN_COLLECTION).find({}, { projection: { _id: 1 } });
  for (const { _id: childId } of children) {
    await deps.jobs.enqueue<ScanChildData>(SCAN_CHILD_JOB, { childId }, { jobId: `sweep-${childId}` });
  }
}

/** `sweepEveryMs` is the hourly sweep's period; fault tests shorten it to watch several sweeps. */
export async function registerMilestoneJobs(deps: CommandDeps, { sweepEveryMs = SCAN_ALL_EVERY_MS }: { sweepEveryMs?: number } = {}): Promise<void> {
  await deps.jobs.work<ScanChildData>(SCAN_CHILD_JOB, ({ childId }, job) => scanChild(deps, childId, job.id), { concurrency: 4 });
  await deps.jobs.work(SCAN_ALL_JOB, () => scanAll(deps));
  await deps.jobs.repeat(SCAN_ALL_JOB, {}, { key: SCAN_ALL_JOB, everyMs: sweepEveryMs });
}
