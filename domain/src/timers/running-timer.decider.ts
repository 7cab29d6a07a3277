import { ConflictError, type DomainEvent } from '../shared/domain-event';
import type { RunningTimer, TimerKind } from './timer.events';

/** The child's timer of this kind is now this one; the one claimed before it has stopped. */
export type RunningTimerClaimed = DomainEvent<'RunningTimerClaimed', { childId: string; kind: TimerKind; timerId: string }>;

/** The last timer claimed: running or not, its own stream says. */
export type RunningTimerClaim = { timerId: string | null };

export const initialRunningTimerClaim = (): RunningTimerClaim => ({ timerId: null });

export function evolveRunningTimerClaim(state: RunningTimerClaim, event: { type: string; data: unknown }): RunningTimerClaim {
  return event.type === 'RunningTimerClaimed' ? { timerId: (event as RunningTimerClaimed).data.timerId } : state;
}

/**
 * Claims the child's timer of a kind for a new timer. The claim is never released: a timer that
 * stopped, was discarded or never got started (its start failed after the claim) holds nothing, so a
 * stop needs no second write here. `holder` is the claimed timer as its stream has it, if running.
 */
export type ClaimRunningTimer = { type: 'ClaimRunningTimer'; data: { childId: string; kind: TimerKind; timerId: string; holder: RunningTimer | null } };

/** The 409 of a second start: the running timer's id beside the message, so the app can show it. */
export interface RunningTimerConflict {
  message: string;
  code: string;
  runningTimerId: string;
}

export function decideRunningTimerClaim(command: ClaimRunningTimer, state: RunningTimerClaim): RunningTimerClaimed[] {
  const { childId, kind, timerId, holder } = command.data;
  if (state.timerId === timerId) return [];
  if (holder) throw new ConflictError(`A ${kind} timer is already running`, { runningTimerId: holder.timerId } satisfies Omit<RunningTimerConflict, 'message' | 'code'>);
  return [{ type: 'RunningTimerClaimed', data: { childId, kind, timerId } }];
}
