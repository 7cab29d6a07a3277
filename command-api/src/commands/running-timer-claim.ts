import {
  decideRunningTimerClaim,
  evolveRunningTimerClaim,
  initialRunningTimerClaim,
} from '@nightlight/domain/timers/running-timer.decider';
import { evolveTimer, initialTimerState, type RunningTimer, type TimerKind } from '@nightlight/domain/timers/timer.events';
import { runningTimerStreamId, timerStreamId } from '@nightlight/domain/shared/stream-ids';
import { WrongExpectedRevisionError, type EventStore } from '@nightlight/infrastructure/ports/event-store';
import { toNewEvent } from '../command-handler';

/** Two starts at once: each round lets one through, and the other then finds it running. */
const MAX_ATTEMPTS = 5;
/**
 * A claim whose timer has no stream yet belongs to a start in flight (its timer is appended right
 * after the claim) for this long; after it, the start failed and the claim holds nothing.
 */
const IN_FLIGHT_WAIT_MS = 2_000;
const IN_FLIGHT_PAUSE_MS = 10;

export interface ClaimDeps {
  eventStore: EventStore;
  clock: () => Date;
  newId: () => string;
}

/** The claimed timer as its own stream has it, if it runs; waits for a start in flight. */
async function runningHolder(eventStore: EventStore, timerId: string, claimedAt: number, clock: () => Date): Promise<RunningTimer | null> {
  for (;;) {
    const state = (await eventStore.readStream(timerStreamId(timerId))).reduce(evolveTimer, initialTimerState());
    if (state.status === 'running') return state.timer;
    if (state.status === 'stopped' || clock().getTime() - claimedAt >= IN_FLIGHT_WAIT_MS) return null;
    await new Promise((resolve) => setTimeout(resolve, IN_FLIGHT_PAUSE_MS));
  }
}

/**
 * Makes `timerId` the child's running timer of its kind, before the timer's own start is appended:
 * 409 naming the running one if another runs. Nothing to undo if the start then fails: a claimed
 * timer that never started holds nothing once its start is no longer in flight.
 */
export async function claimRunningTimer(deps: ClaimDeps, claim: { childId: string; kind: TimerKind; timerId: string }, context: { userId: string; correlationId: string }): Promise<void> {
  const streamId = runningTimerStreamId(claim.kind, claim.childId);
  for (let attempt = 1; ; attempt++) {
    const recorded = await deps.eventStore.readStream(streamId);
    const current = recorded.reduce(evolveRunningTimerClaim, initialRunningTimerClaim());
    const last = recorded.at(-1);
    const holder = current.timerId && current.timerId !== claim.timerId && last ? await runningHolder(deps.eventStore, current.timerId, Date.parse(last.metadata.recordedAt), deps.clock) : null;
    const events = decideRunningTimerClaim({ type: 'ClaimRunningTimer', data: { ...claim, holder } }, current);
    if (events.length === 0) return;
    const now = deps.clock().toISOString();
    const metadata = { userId: context.userId, correlationId: context.correlationId, causationId: context.correlationId, recordedAt: now };
    try {
      await deps.eventStore.append(streamId, events.map((event) => toNewEvent(event, deps.newId(), metadata)), recorded.length === 0 ? 'no_stream' : recorded.length - 1);
      return;
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}
