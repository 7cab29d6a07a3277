import type { EventStore, RecordedEvent } from '@nightlight/infrastructure/ports/event-store';

export interface FoldedStream<State> {
  state: State;
  /** How many events the state folds: the stream's next revision, 0 when it does not exist. */
  length: number;
}

/**
 * The states of streams, folded from their events and kept between commands. A stream only ever
 * grows, so a state folded up to some revision stays true, and the next read asks the log only for
 * the events after it. Bounded by weight (by default each state weighs 1): the least recently read
 * streams go first until the states kept weigh no more than the limit.
 */
export class StreamStateCache<State> {
  private readonly folded = new Map<string, FoldedStream<State> & { weight: number }>();
  private weight = 0;

  constructor(
    private readonly evolve: (state: State, event: RecordedEvent) => State,
    private readonly initial: () => State,
    private readonly limit: number,
    private readonly weigh: (state: State) => number = () => 1,
  ) {}

  async read(eventStore: EventStore, streamId: string): Promise<FoldedStream<State>> {
    const known = this.folded.get(streamId);
    let { state, length } = known ?? { state: this.initial(), length: 0 };
    for (const event of await eventStore.readStream(streamId, length)) {
      // A store that ignores the revision asked for hands the whole stream again: what is folded is skipped.
      if (event.revision < length) continue;
      state = this.evolve(state, event);
      length = event.revision + 1;
    }
    this.keep(streamId, state, length);
    return { state, length };
  }

  /**
   * The state as this process last folded or appended it, without asking the log, or null when it
   * is not kept. Another process may have appended since: only for a decision whose append, at this
   * length, the log refuses if the stream moved.
   */
  last(streamId: string): FoldedStream<State> | null {
    const known = this.folded.get(streamId);
    if (!known) return null;
    // Read again, it is the most recently used.
    this.folded.delete(streamId);
    this.folded.set(streamId, known);
    return { state: known.state, length: known.length };
  }

  /** The state an append of this process left the stream in, `length` events long. */
  appended(streamId: string, state: State, length: number): void {
    this.keep(streamId, state, length);
  }

  /** Another process moved the stream: it is read from the log again. */
  drop(streamId: string): void {
    const known = this.folded.get(streamId);
    if (known) this.forget(streamId, known.weight);
  }

  /** Reads of one stream may overlap: the longest fold stays. */
  private keep(streamId: string, state: State, length: number): void {
    const stored = this.folded.get(streamId);
    if (stored && stored.length > length) return;
    if (stored) this.forget(streamId, stored.weight);
    const weight = this.weigh(state);
    this.folded.set(streamId, { state, length, weight });
    this.weight += weight;
    for (const [oldest, { weight: dropped }] of this.folded) {
      if (this.weight <= this.limit || oldest === streamId) break;
      this.forget(oldest, dropped);
    }
  }

  private forget(streamId: string, weight: number): void {
    this.folded.delete(streamId);
    this.weight -= weight;
  }
}
