import { ENTRY_KINDS } from '@nightlight/domain/entries/all-entry-kinds';
import { checkNotBeforeBirth } from '@nightlight/domain/entries/entry-birth-rule';
import { timerApiView, type TimerView } from '@nightlight/domain/read-models/timers/timer-document';
import { ConflictError, NotFoundError } from '@nightlight/domain/shared/domain-event';
import { timerStreamId } from '@nightlight/domain/shared/stream-ids';
import { decideTimer, type TimerCommand } from '@nightlight/domain/timers/timer.decider';
import { evolveTimer, initialTimerState, type TimerKind, type TimerState } from '@nightlight/domain/timers/timer.events';
import { entryBodyOfStop } from '@nightlight/domain/timers/timer-entry';
import { startTimerBody, stopTimerBody, switchSideBody } from '@nightlight/domain/timers/timer-request';
import { isPastMaximum, maximumEndOf, maximumNote, notRunningError, pastMaximumError, tapTime, TIMER_NOT_FOUND } from '@nightlight/domain/timers/timer-rules';
import { parseIdParam, parseInput, refusalMessage } from '@nightlight/infrastructure/http/http-errors';
import { nameBasedIds } from '@nightlight/infrastructure/ids/name-based-id';
import { readerUnits } from '@nightlight/infrastructure/read-store/reader-units';
import type { CommandDeps } from '../command-deps';
import { handleCommand, type Decider } from '../command-handler';
import { loadChildAs } from './child-access';
import type { WriteActor } from '../write-reply';
import { entryWrites } from './entry-writes';
import { loggedByOf } from './logged-by';
import { claimRunningTimer } from './running-timer-claim';

const timerDecider: Decider<TimerCommand, TimerState, ReturnType<typeof decideTimer>[number]> = { initialState: initialTimerState, evolve: evolveTimer, decide: decideTimer };

// The entry a timer logs has an id derived from the timer's: a stop sent again, or by two members at
// once, logs one entry. The namespace never changes.
const timerEntryId = nameBasedIds('2e4b7f09-f54a-49b1-8836-8c8710cd91a7');

/**
 * Timers: started on their own stream after claiming the child's running timer of their kind,
 * switched, stopped into an entry of their kind (logged through that kind's own writes, with its
 * rules and overlaps), discarded, or stopped at their maximum by the job.
 */
export function timerCommands(deps: CommandDeps) {
  const { eventStore, readStore, cipher, clock, newId } = deps;
  const entries = { feeding: entryWrites(deps, ENTRY_KINDS.feeding), sleep: entryWrites(deps, ENTRY_KINDS.sleep), pumping: entryWrites(deps, ENTRY_KINDS.pumping) } satisfies Record<TimerKind, unknown>;

  const readTimer = async (timerId: string): Promise<TimerState> => (await eventStore.readStream(timerStreamId(timerId))).reduce(evolveTimer, initialTimerState());

  /** The timer and its child, for a member of the child's family; anyone else finds nothing (404). */
  async function timerOfMember(timerId: string, userId: string) {
    const state = await readTimer(timerId);
    if (state.status === 'none') throw new NotFoundError(TIMER_NOT_FOUND);
    const child = await loadChildAs(eventStore, state.timer.childId, userId).catch(() => {
      throw new NotFoundError(TIMER_NOT_FOUND);
    });
    return { state, child };
  }

  const decide = (timerId: string, command: TimerCommand, actor: WriteActor, guard?: Parameters<typeof handleCommand>[5]) =>
    handleCommand(eventStore, timerStreamId(timerId), timerDecider, command, { userId: actor.userId, correlationId: actor.correlationId, now: clock(), newId, idempotency: actor.idempotent }, guard);

  /** The timer as the command left it: running, or as it was when it stopped (a repeated request). */
  async function runningView(state: TimerState, members: Parameters<typeof loggedByOf>[2]): Promise<TimerView> {
    if (state.status === 'none') throw new NotFoundError(TIMER_NOT_FOUND);
    const { timer } = state;
    const startedBy = await loggedByOf(readStore, cipher, members, timer.startedBy);
    return timerApiView({ _id: timer.timerId, childId: timer.childId, kind: timer.kind, method: timer.method, startedAt: timer.startedAt, sides: timer.sides, stopsAt: maximumEndOf(timer) }, startedBy);
  }

  return {
    /** POST /api/timers: 409 naming the running one when the child's timer of this kind runs; never before the birth date. */
    async start(actor: WriteActor, input: unknown, timerId: string) {
      const body = parseInput(startTimerBody, input);
      const childId = parseIdParam({ id: body.childId }, 'Child not found');
      const child = await loadChildAs(eventStore, childId, actor.userId);
      const startedAt = tapTime(body.startedAt, clock());
      const birthDate = (await cipher.openForChild(childId, child.ownerId, child.profile.birthDate)) ?? '';
      checkNotBeforeBirth(startedAt.toISOString(), { birthDate, timezone: child.profile.timezone }, 'startedAt');
      const command: TimerCommand = {
        type: 'StartTimer',
        data: { timerId, childId, kind: body.kind, method: body.method ?? null, side: body.side ?? null, startedBy: actor.userId, now: startedAt },
      };
      const claim = async () => {
        await claimRunningTimer(deps, { childId, kind: body.kind, timerId }, actor);
        return { settle: async () => undefined, undo: async () => undefined };
      };
      const result = await decide(timerId, command, actor, claim);
      return { view: await runningView(result.state, child.members), position: result.position };
    },

    /** POST /api/timers/:id/switch-side: a nursing timer goes on to the other breast, now or when the parent tapped. */
    async switchSide(actor: WriteActor, timerId: string, input: unknown) {
      const body = parseInput(switchSideBody, input);
      const { state, child } = await timerOfMember(timerId, actor.userId);
      const current = state.status === 'running' ? state.timer.sides.at(-1) : undefined;
      const at = tapTime(body.switchedAt, clock(), current?.startedAt);
      const result = await decide(timerId, { type: 'SwitchTimerSide', data: { now: at } }, actor);
      return { view: await runningView(result.state, child.members), position: result.position };
    },

    /**
     * POST /api/timers/:id/stop: logs the timer's entry from its start to now with what the body
     * adds, then records the stop. Sent again with its key it answers as the first time; if only the
     * entry got recorded the first time, the stop is recorded now.
     */
    async stop(actor: WriteActor, timerId: string, input: unknown) {
      const body = parseInput(stopTimerBody, input);
      const { state } = await timerOfMember(timerId, actor.userId);
      const { timer } = state as Exclude<TimerState, { status: 'none' }>;
      const writes = entries[timer.kind];
      const entryId = timerEntryId(timerId);
      // A stop tapped with no signal counts when it was tapped: within the maximum then, it logs the entry.
      const now = tapTime(body.endedAt, clock(), timer.startedAt);
      const repeated = await writes.repeated(actor, entryId);
      if (!repeated && state.status !== 'running') throw notRunningError(state);
      if (!repeated && isPastMaximum(timer, now)) throw pastMaximumError(timer.kind);
      const endedAt = now.toISOString();
      const units = await readerUnits(readStore, actor.userId, actor.acceptLanguage);
      const logged = repeated ?? (await writes.write(actor, entryBodyOfStop(timer, body, endedAt, units?.volume ?? 'mL').body, entryId, ENTRY_KINDS[timer.kind].commands.log));
      // A repeat finds its own stop on the timer's stream (its position answers again), or records it now.
      const stopped = await decide(timerId, { type: 'StopTimer', data: { endedAt, entryId, stoppedBy: actor.userId, now } }, actor).catch((error: unknown) => {
        if (repeated && error instanceof ConflictError) return null;
        throw error;
      });
      return { view: logged.view, position: Math.max(logged.position, stopped?.position ?? 0) };
    },

    /** DELETE /api/timers/:id: the timer ends and logs nothing. */
    async discard(actor: WriteActor, timerId: string) {
      await timerOfMember(timerId, actor.userId);
      const result = await decide(timerId, { type: 'DiscardTimer', data: { discardedBy: actor.userId, now: clock() } }, actor);
      return { position: result.position };
    },

    /**
     * The job's stop of a timer past its maximum, at the maximum: the entry is logged as its starter
     * with a note when nothing is missing from it; a bottle's amount is, and an entry its kind's rules
     * or overlaps refuse is not logged either. The timer stops at its maximum in every case.
     */
    async stopAtMaximum(timerId: string) {
      const state = await readTimer(timerId);
      if (state.status !== 'running' || !isPastMaximum(state.timer, clock())) return;
      const { timer } = state;
      const actor: WriteActor = { userId: timer.startedBy, correlationId: `timer-maximum-${timerId}`, idempotent: null };
      const units = await readerUnits(readStore, timer.startedBy);
      let entryId: string | null = timerEntryId(timerId);
      try {
        const { body } = entryBodyOfStop(timer, { notes: maximumNote(timer.kind) }, maximumEndOf(timer), units?.volume ?? 'mL');
        await entries[timer.kind].write(actor, body, entryId, ENTRY_KINDS[timer.kind].commands.log);
      } catch (error) {
        if (refusalMessage(error) === null) throw error;
        entryId = null;
      }
      await decide(timerId, { type: 'StopTimerAtMaximum', data: { entryId, now: clock() } }, actor);
    },
  };
}
