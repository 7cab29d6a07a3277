import { DomainRuleError } from '../shared/domain-event';
import type { BreastSide, TimerEvent, TimerKind, TimerState } from './timer.events';
import { isPastMaximum, maximumEndOf, notRunningError, otherSide, pastMaximumError } from './timer-rules';

export type StartTimer = {
  type: 'StartTimer';
  data: { timerId: string; childId: string; kind: TimerKind; method: 'Bottle' | 'Nursing' | null; side: BreastSide | null; startedBy: string; now: Date };
};
export type SwitchTimerSide = { type: 'SwitchTimerSide'; data: { now: Date } };
/** The entry the stop logged is recorded first (its id is derived from the timer's), then the stop. */
export type StopTimer = { type: 'StopTimer'; data: { endedAt: string; entryId: string; stoppedBy: string; now: Date } };
export type StopTimerAtMaximum = { type: 'StopTimerAtMaximum'; data: { entryId: string | null; now: Date } };
export type DiscardTimer = { type: 'DiscardTimer'; data: { discardedBy: string; now: Date } };
export type TimerCommand = StartTimer | SwitchTimerSide | StopTimer | StopTimerAtMaximum | DiscardTimer;

/**
 * A timer's life on its own stream. Starting one that exists records nothing (a retried start);
 * every other command needs it running, and answers why not otherwise. One running timer per kind
 * per child is decided on the child's claim stream (running-timer.decider.ts), not here.
 */
export function decideTimer(command: TimerCommand, state: TimerState): TimerEvent[] {
  if (command.type === 'StartTimer') {
    if (state.status !== 'none') return [];
    const { timerId, childId, kind, method, side, startedBy, now } = command.data;
    if (kind !== 'feeding' && method !== null) throw new DomainRuleError('Method applies to feeding timers only', 'method');
    const timerMethod = kind === 'feeding' ? (method ?? 'Nursing') : null;
    if (timerMethod !== 'Nursing' && side !== null) throw new DomainRuleError('Side applies to nursing timers only', 'side');
    const startSide = timerMethod === 'Nursing' ? (side ?? 'left') : null;
    return [{ type: 'TimerStarted', data: { timerId, childId, kind, method: timerMethod, side: startSide, startedAt: now.toISOString(), startedBy } }];
  }
  if (state.status !== 'running') {
    // The job's stop is a sweep: a timer already stopped needs nothing more.
    if (command.type === 'StopTimerAtMaximum') return [];
    throw notRunningError(state);
  }
  const { timer } = state;
  const ref = { timerId: timer.timerId, childId: timer.childId };
  switch (command.type) {
    case 'SwitchTimerSide': {
      const current = timer.sides.at(-1);
      if (!current) throw new DomainRuleError('Only a nursing timer switches sides', 'side');
      if (isPastMaximum(timer, command.data.now)) throw pastMaximumError(timer.kind);
      return [{ type: 'TimerSideSwitched', data: { ...ref, side: otherSide(current.side), switchedAt: command.data.now.toISOString() } }];
    }
    case 'StopTimer': {
      if (isPastMaximum(timer, command.data.now)) throw pastMaximumError(timer.kind);
      const { endedAt, entryId, stoppedBy } = command.data;
      return [{ type: 'TimerStopped', data: { ...ref, endedAt, entryId, stoppedBy } }];
    }
    case 'StopTimerAtMaximum':
      if (!isPastMaximum(timer, command.data.now)) return [];
      return [{ type: 'TimerStoppedAtMaximum', data: { ...ref, endedAt: maximumEndOf(timer), entryId: command.data.entryId } }];
    case 'DiscardTimer':
      return [{ type: 'TimerDiscarded', data: { ...ref, discardedAt: command.data.now.toISOString(), discardedBy: command.data.discardedBy } }];
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}
