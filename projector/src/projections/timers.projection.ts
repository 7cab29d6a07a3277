import { CHILDREN_COLLECTION, type ChildDocument } from '@nightlight/domain/read-models/children/child-document';
import { TIMERS_COLLECTION, type TimerDocument } from '@nightlight/domain/read-models/timers/timer-document';
import { evolveTimer, initialTimerState, type TimerEvent } from '@nightlight/domain/timers/timer.events';
import { maximumEndOf } from '@nightlight/domain/timers/timer-rules';
import type { RecordedEvent } from '@nightlight/infrastructure/ports/event-store';
import type { Projection, ProjectionContext } from '../projection';

/** The running timers of each child: a timer's document lives from its start to its stop, discard or maximum. */
export const timersProjection: Projection = {
  name: 'timers',
  handles: new Set<TimerEvent['type']>(['TimerStarted', 'TimerSideSwitched', 'TimerStopped', 'TimerStoppedAtMaximum', 'TimerDiscarded']),
  async apply(recorded: RecordedEvent, context: ProjectionContext): Promise<void> {
    const event = recorded as unknown as TimerEvent;
    const timers = context.readStore.collection<TimerDocument>(TIMERS_COLLECTION);
    const { timerId, childId } = event.data;
    // A removed or anonymised child has no read models.
    const child = await context.readStore.collection<ChildDocument>(CHILDREN_COLLECTION).findOne({ _id: childId }, { readOnly: true });
    if (!child) return;
    const existing = await timers.findOne({ _id: timerId }, { readOnly: true });
    if (existing && existing.position >= recorded.position) return;
    if (event.type !== 'TimerStarted' && !existing) return;
    // The document is the timer's state folded from what it holds and this event.
    const before = existing
      ? { status: 'running' as const, timer: { timerId, childId, kind: existing.kind, method: existing.method, startedAt: existing.startedAt, startedBy: existing.startedBy, sides: existing.sides } }
      : initialTimerState();
    const after = evolveTimer(before, event);
    if (after.status !== 'running') {
      await timers.deleteOne({ _id: timerId });
      return;
    }
    const { timer } = after;
    const doc: TimerDocument = {
      _id: timerId,
      childId,
      kind: timer.kind,
      method: timer.method,
      startedAt: timer.startedAt,
      startedBy: timer.startedBy,
      sides: timer.sides,
      stopsAt: maximumEndOf(timer),
      position: recorded.position,
    };
    await timers.replaceOne({ _id: timerId }, doc, { upsert: true });
  },
};
