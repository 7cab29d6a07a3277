import { ConflictError, NotFoundError } from '../shared/domain-event';
import { MAX_FEEDING_MINUTES } from '../feedings/feeding-rules';
import type { NursingSides } from '../feedings/feeding-rules';
import { MAX_PUMPING_MINUTES } from '../pumpings/pumping-rules';
import { MAX_SLEEP_MINUTES } from '../sleeps/sleep-rules';
import type { BreastSide, RunningTimer, SideStretch, TimerKind, TimerState } from './timer.events';

const MINUTE_MS = 60_000;

/** A timer runs at most as long as the longest entry of its kind may last. */
export const TIMER_MAXIMUM_MINUTES = { feeding: MAX_FEEDING_MINUTES, sleep: MAX_SLEEP_MINUTES, pumping: MAX_PUMPING_MINUTES } as const satisfies Record<TimerKind, number>;

/** When a timer started at `startedAt` reaches its kind's maximum. */
export const maximumEndOf = (timer: Pick<RunningTimer, 'kind' | 'startedAt'>): string =>
  new Date(Date.parse(timer.startedAt) + TIMER_MAXIMUM_MINUTES[timer.kind] * MINUTE_MS).toISOString();

export const isPastMaximum = (timer: Pick<RunningTimer, 'kind' | 'startedAt'>, now: Date): boolean => now.getTime() > Date.parse(maximumEndOf(timer));

/** The note of an entry logged by the maximum job. */
export const maximumNote = (kind: TimerKind): string => `Timer stopped automatically at the ${TIMER_MAXIMUM_MINUTES[kind]}-minute maximum`;

export const TIMER_NOT_FOUND = 'Timer not found';

/** Why a timer that is no longer running cannot be switched, stopped or discarded (HTTP 409). */
export function notRunningError(state: Exclude<TimerState, { status: 'running' }>): Error {
  if (state.status === 'none') return new NotFoundError(TIMER_NOT_FOUND);
  switch (state.how) {
    case 'stopped':
      return new ConflictError('This timer was already stopped');
    case 'maximum':
      return new ConflictError(`This timer was stopped at its ${TIMER_MAXIMUM_MINUTES[state.timer.kind]}-minute maximum`);
    case 'discarded':
      return new ConflictError('This timer was discarded');
    default: {
      const exhaustive: never = state.how;
      return exhaustive;
    }
  }
}

/** A stop after the maximum waits for the job, which stops the timer at the maximum itself. */
export const pastMaximumError = (kind: TimerKind): ConflictError =>
  new ConflictError(`This timer ran past its ${TIMER_MAXIMUM_MINUTES[kind]}-minute maximum and is stopped there`);

/**
 * The time a tap counts at: when the parent tapped, if the phone said so (a tap that waited offline),
 * never later than now (a phone's clock runs ahead) nor earlier than `notBefore` (the timer's start,
 * or the side it switches from); now without one.
 */
export function tapTime(tapped: string | undefined, now: Date, notBefore?: string): Date {
  if (tapped === undefined) return now;
  const at = Math.min(Date.parse(tapped), now.getTime());
  return new Date(notBefore === undefined ? at : Math.max(at, Date.parse(notBefore)));
}

export const otherSide = (side: BreastSide): BreastSide => (side === 'left' ? 'right' : 'left');

/**
 * The whole minutes each breast had, adding up to the feeding's whole minutes (the timeline floors a
 * duration): each side gets the floor of its own minutes, and a minute left over goes to the side
 * with the larger remainder.
 */
export function nursingSideMinutes(sides: readonly SideStretch[], startedAt: string, endedAt: string): NursingSides | null {
  if (sides.length === 0) return null;
  const end = Date.parse(endedAt);
  const ms = { left: 0, right: 0 };
  for (const stretch of sides) ms[stretch.side] += Math.max(0, Math.min(end, stretch.endedAt === null ? end : Date.parse(stretch.endedAt)) - Date.parse(stretch.startedAt));
  const total = Math.floor((end - Date.parse(startedAt)) / MINUTE_MS);
  const left = Math.floor(ms.left / MINUTE_MS);
  const right = Math.floor(ms.right / MINUTE_MS);
  const leftOver = total - left - right;
  if (leftOver <= 0) return { leftMinutes: left, rightMinutes: right };
  return ms.left % MINUTE_MS >= ms.right % MINUTE_MS ? { leftMinutes: left + leftOver, rightMinutes: right } : { leftMinutes: left, rightMinutes: right + leftOver };
}
