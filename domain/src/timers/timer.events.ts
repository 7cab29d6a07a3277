import type { DomainEvent } from '../shared/domain-event';

/** The kinds of entry a timer can log: the ones that last from a start to an end. */
export type TimerKind = 'feeding' | 'sleep' | 'pumping';
export const TIMER_KINDS: readonly TimerKind[] = ['feeding', 'sleep', 'pumping'];

export type BreastSide = 'left' | 'right';
export const BREAST_SIDES: readonly BreastSide[] = ['left', 'right'];

/** One stretch on one breast: the last one of a running timer has no end yet. */
export interface SideStretch {
  side: BreastSide;
  startedAt: string;
  endedAt: string | null;
}

type TimerRef = { timerId: string; childId: string };

export type TimerStarted = DomainEvent<
  'TimerStarted',
  TimerRef & {
    kind: TimerKind;
    /** A feeding timer's method; null for the other kinds. */
    method: 'Bottle' | 'Nursing' | null;
    /** The side a nursing timer starts on; null otherwise. */
    side: BreastSide | null;
    startedAt: string;
    startedBy: string;
  }
>;
export type TimerSideSwitched = DomainEvent<'TimerSideSwitched', TimerRef & { side: BreastSide; switchedAt: string }>;
/** Stopped by a member: the entry it logged has the timer's start and this end. */
export type TimerStopped = DomainEvent<'TimerStopped', TimerRef & { endedAt: string; entryId: string; stoppedBy: string }>;
/**
 * Stopped by the maximum job at the start plus its kind's longest entry. `entryId` is null when no
 * entry could be logged then (a bottle's amount is still missing, or the entry was refused).
 */
export type TimerStoppedAtMaximum = DomainEvent<'TimerStoppedAtMaximum', TimerRef & { endedAt: string; entryId: string | null }>;
export type TimerDiscarded = DomainEvent<'TimerDiscarded', TimerRef & { discardedAt: string; discardedBy: string }>;

export type TimerEvent = TimerStarted | TimerSideSwitched | TimerStopped | TimerStoppedAtMaximum | TimerDiscarded;

export interface RunningTimer {
  timerId: string;
  childId: string;
  kind: TimerKind;
  method: 'Bottle' | 'Nursing' | null;
  startedAt: string;
  startedBy: string;
  sides: SideStretch[];
}

export type TimerState =
  | { status: 'none' }
  | { status: 'running'; timer: RunningTimer }
  | { status: 'stopped'; timer: RunningTimer; how: 'stopped' | 'maximum' | 'discarded'; entryId: string | null };

export const initialTimerState = (): TimerState => ({ status: 'none' });

const closeLastStretch = (sides: SideStretch[], at: string): SideStretch[] => sides.map((stretch, i) => (i === sides.length - 1 && stretch.endedAt === null ? { ...stretch, endedAt: at } : stretch));

export function evolveTimer(state: TimerState, event: { type: string; data: unknown }): TimerState {
  const e = event as TimerEvent;
  switch (e.type) {
    case 'TimerStarted': {
      const { timerId, childId, kind, method, side, startedAt, startedBy } = e.data;
      const sides = side === null ? [] : [{ side, startedAt, endedAt: null }];
      return { status: 'running', timer: { timerId, childId, kind, method, startedAt, startedBy, sides } };
    }
    case 'TimerSideSwitched': {
      if (state.status !== 'running') return state;
      const { side, switchedAt } = e.data;
      const sides = [...closeLastStretch(state.timer.sides, switchedAt), { side, startedAt: switchedAt, endedAt: null }];
      return { status: 'running', timer: { ...state.timer, sides } };
    }
    case 'TimerStopped':
    case 'TimerStoppedAtMaximum': {
      if (state.status !== 'running') return state;
      const timer = { ...state.timer, sides: closeLastStretch(state.timer.sides, e.data.endedAt) };
      return { status: 'stopped', timer, how: e.type === 'TimerStopped' ? 'stopped' : 'maximum', entryId: e.data.entryId };
    }
    case 'TimerDiscarded':
      return state.status === 'running' ? { status: 'stopped', timer: state.timer, how: 'discarded', entryId: null } : state;
    default:
      return state;
  }
}
