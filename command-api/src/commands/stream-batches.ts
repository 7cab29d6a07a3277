import { WrongExpectedRevisionError, type ExpectedRevision, type NewEvent } from '@nightlight/infrastructure/ports/event-store';

/** What to do after asking: decided (and recorded, when asked to), wait for a write in flight, or ask again: another process moved the stream. */
export type BatchOutcome = 'done' | 'wait' | WrongExpectedRevisionError;

interface Asked<State, Event> {
  decide(state: State): Promise<Event[] | 'wait'>;
  /** To be decided on the stream as the log has it: a refusal or a wait on a state this process left is asked again so. */
  checked?: boolean;
  /** The events as appended, or null when the decision is only to be known, not recorded. */
  record: ((events: Event[]) => NewEvent[]) | null;
  resolve(outcome: BatchOutcome): void;
  reject(error: unknown): void;
}

/** A stream's state, `length` events long; `checked` when read from the log now. */
export interface ReadState<State> {
  state: State;
  length: number;
  checked: boolean;
}

export interface StreamBatchesOptions<State, Event> {
  /**
   * The stream's state: from the log when `checked` is asked for; otherwise it may be the state this
   * process's last append left, which another process may have moved on since.
   */
  read(streamId: string, checked: boolean): Promise<ReadState<State>>;
  evolve(state: State, event: Event): State;
  append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<unknown>;
  /** The state a turn's append left the stream in, for the next turn to decide on without reading. */
  appended?(streamId: string, state: State, length: number): void;
  /** Another process moved the stream: what this process last left of it is not to be decided on. */
  moved?(streamId: string): void;
}

/**
 * Decisions on one stream, taken in turn within this process and recorded together: each turn
 * reads the stream once, decides every decision asked by then in the order asked (each on the
 * state the ones before it leave), and appends all their events in one append at the revision
 * read. Asked while a turn's append is being committed, decisions wait for the next turn, so a
 * burst of writes to one stream costs a few commits, not one each, and none of them races
 * another in this process. An append refused because another process moved the stream sends
 * every decision of the turn to be asked again.
 *
 * A turn decides on the state the turn before left, without reading the stream again: whatever
 * it decides to record is appended at that state's revision, which the log refuses if another
 * process moved the stream. What is not recorded, a refusal or a wait, would not be checked so: it
 * is asked again in the next turn, on the stream read from the log.
 */
export class StreamBatches<State, Event> {
  private readonly waiting = new Map<string, Asked<State, Event>[]>();

  constructor(private readonly options: StreamBatchesOptions<State, Event>) {}

  ask(streamId: string, decide: Asked<State, Event>['decide'], record: Asked<State, Event>['record']): Promise<BatchOutcome> {
    return new Promise((resolve, reject) => {
      const asked = { decide, record, resolve, reject };
      const queued = this.waiting.get(streamId);
      if (queued) {
        queued.push(asked);
        return;
      }
      this.waiting.set(streamId, [asked]);
      void this.run(streamId);
    });
  }

  private async run(streamId: string): Promise<void> {
    for (let turn = this.waiting.get(streamId)!; turn.length > 0; turn = this.waiting.get(streamId)!) {
      this.waiting.set(streamId, []);
      await this.take(streamId, turn);
    }
    this.waiting.delete(streamId);
  }

  private async take(streamId: string, turn: Asked<State, Event>[]): Promise<void> {
    let read: ReadState<State>;
    try {
      read = await this.options.read(streamId, turn.some((asked) => asked.checked));
    } catch (error) {
      for (const asked of turn) asked.reject(error);
      return;
    }
    let state = read.state;
    const decided: Asked<State, Event>[] = [];
    const events: NewEvent[] = [];
    const askAgain: Asked<State, Event>[] = [];
    for (const asked of turn) {
      try {
        const outcome = await asked.decide(state);
        if (outcome === 'wait') {
          if (read.checked) asked.resolve('wait');
          else askAgain.push({ ...asked, checked: true });
          continue;
        }
        if (asked.record) {
          events.push(...asked.record(outcome));
          state = outcome.reduce(this.options.evolve, state);
        }
        decided.push(asked);
      } catch (error) {
        if (read.checked) asked.reject(error);
        else askAgain.push({ ...asked, checked: true });
      }
    }
    // Asked before the decisions that came while this turn ran: first in the next.
    if (askAgain.length > 0) this.waiting.get(streamId)!.unshift(...askAgain);
    try {
      if (events.length > 0) {
        await this.options.append(streamId, events, read.length === 0 ? 'no_stream' : read.length - 1);
        this.options.appended?.(streamId, state, read.length + events.length);
      }
      for (const asked of decided) asked.resolve('done');
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) this.options.moved?.(streamId);
      // Every decision of the turn was made on what was to be appended with it.
      for (const asked of decided) {
        if (error instanceof WrongExpectedRevisionError) asked.resolve(error);
        else asked.reject(error);
      }
    }
  }
}
