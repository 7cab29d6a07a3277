import { z } from 'zod';
import type { SideStretch } from '../../timers/timer.events';
import type { RunningTimerConflict } from '../../timers/running-timer.decider';
import { named, viewSchema, written } from '../../shared/view-schema';
import { loggedBySchema } from '../children/child-view.schemas';
import type { TimerView } from './timer-document';

const side = z.enum(['left', 'right']);

export const sideStretchSchema = viewSchema<SideStretch>()(
  named(z.strictObject({ side, startedAt: z.string(), endedAt: z.string().nullable().describe('null while the timer is on this breast') }), 'SideStretch'),
);

export const timerViewSchema = viewSchema<TimerView>()(
  named(
    z.strictObject({
      id: z.string(),
      childId: z.string(),
      kind: z.enum(['feeding', 'sleep', 'pumping']),
      method: z.enum(['Bottle', 'Nursing']).nullable(),
      startedAt: z.string(),
      side: side.nullable().describe('The breast a nursing timer is on now; null for other timers.'),
      sides: z.array(sideStretchSchema),
      startedBy: loggedBySchema,
      stopsAt: z.string().describe('When the maximum job stops it.'),
    }),
    'Timer',
  ),
);

export const runningTimerConflictSchema = viewSchema<RunningTimerConflict>()(
  named(z.strictObject({ message: z.string(), code: z.string(), runningTimerId: z.string() }), 'RunningTimerConflict', 'A timer of this kind already runs on the child: its id.'),
);

export const writtenTimerViewSchema = written(timerViewSchema);
