import { TIMERS_COLLECTION, type TimerDocument } from '@nightlight/domain/read-models/timers/timer-document';
import type { CommandDeps } from '../command-deps';
import { timerCommands } from '../commands/timer-commands';

export const STOP_TIMER_JOB = 'timers.stop-at-maximum';
export const TIMER_SWEEP_JOB = 'timers.sweep';
/** A timer is stopped within a minute of its maximum; the entry it logs ends at the maximum itself. */
const SWEEP_EVERY_MS = 60_000;

export interface StopTimerData {
  timerId: string;
}

/**
 * Enqueues the stop of every running timer past its maximum. The timers read model may lag: a
 * timer stopped meanwhile is found stopped by the job, which then does nothing.
 */
export async function sweepTimers(deps: CommandDeps): Promise<void> {
  const due = await deps.readStore.collection<TimerDocument>(TIMERS_COLLECTION).find({ stopsAt: { $lt: deps.clock().toISOString() } }, { projection: { _id: 1 } });
  for (const { _id: timerId } of due) await deps.jobs.enqueue<StopTimerData>(STOP_TIMER_JOB, { timerId }, { jobId: `stop-${timerId}` });
}

export async function registerTimerJobs(deps: CommandDeps, { sweepEveryMs = SWEEP_EVERY_MS }: { sweepEveryMs?: number } = {}): Promise<void> {
  const timers = timerCommands(deps);
  await deps.jobs.work<StopTimerData>(STOP_TIMER_JOB, ({ timerId }) => timers.stopAtMaximum(timerId), { concurrency: 2 });
  await deps.jobs.work(TIMER_SWEEP_JOB, () => sweepTimers(deps));
  await deps.jobs.repeat(TIMER_SWEEP_JOB, {}, { key: TIMER_SWEEP_JOB, everyMs: sweepEveryMs });
}
