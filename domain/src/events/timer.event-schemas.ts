import { z } from 'zod';
import type { RunningTimerClaimed } from '../timers/running-timer.decider';
import type { TimerDiscarded, TimerEvent, TimerSideSwitched, TimerStarted, TimerStopped, TimerStoppedAtMaximum } from '../timers/timer.events';
import { eventDefinition, type EventDefinition } from './event-definition';

const timerRef = { timerId: z.string(), childId: z.string() };
const kind = z.enum(['feeding', 'sleep', 'pumping']);
const side = z.enum(['left', 'right']);

export const timerEventDefinitions = {
  TimerStarted: eventDefinition<TimerStarted>()(
    z.strictObject({ ...timerRef, kind, method: z.enum(['Bottle', 'Nursing']).nullable(), side: side.nullable(), startedAt: z.string(), startedBy: z.string() }),
  ),
  TimerSideSwitched: eventDefinition<TimerSideSwitched>()(z.strictObject({ ...timerRef, side, switchedAt: z.string() })),
  TimerStopped: eventDefinition<TimerStopped>()(z.strictObject({ ...timerRef, endedAt: z.string(), entryId: z.string(), stoppedBy: z.string() })),
  TimerStoppedAtMaximum: eventDefinition<TimerStoppedAtMaximum>()(z.strictObject({ ...timerRef, endedAt: z.string(), entryId: z.string().nullable() })),
  TimerDiscarded: eventDefinition<TimerDiscarded>()(z.strictObject({ ...timerRef, discardedAt: z.string(), discardedBy: z.string() })),
} satisfies Record<TimerEvent['type'], EventDefinition>;

export const runningTimerEventDefinitions = {
  RunningTimerClaimed: eventDefinition<RunningTimerClaimed>()(z.strictObject({ childId: z.string(), kind, timerId: z.string() })),
} satisfies Record<RunningTimerClaimed['type'], EventDefinition>;
