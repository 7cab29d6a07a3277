import { schemaVersionOf, validateEventData } from '@nightlight/domain/events/event-registry';
import type { DomainEvent } from '@nightlight/domain/shared/domain-event';
import { WrongExpectedRevisionError, type EventStore, type NewEvent, type RecordedEvent } from '@nightlight/infrastructure/ports/event-store';
import { resultOfKey, type IdempotentRequest } from './idempotency';

export interface Decider<Command, State, Event extends DomainEvent> {
  initialState: () => State;
  evolve: (state: State, event: { type: string; data: unknown }) => State;
  decide: (command: Command, state: State) => Event[];
}

export interface CommandContext {
  userId?: string;
  correlationId: string;
  causationId?: string;
  now: Date;
  newId: () => string;
  /** Recorded in the metadata of every event the command appends (see idempotency.ts). */
  idempotency?: IdempotentRequest | null;
}

export interface CommandResult<State> {
  state: State;
  /** Global position of the last event of the stream after the command (also when nothing was appended). */
  position: number;
  appended: number;
  /**
   * An earlier request with the same Idempotency-Key appended to this stream: nothing was decided,
   * `state` and `position` are the stream as that request left it.
   */
  repeated: boolean;
}

/**
 * Every append goes through here: data that does not match its type's schema is a bug and is
 * refused before anything is written, and each event records the schema version of its own type.
 */
export function toNewEvent(
  event: DomainEvent,
  id: string,
  metadata: { userId?: string; correlationId: string; causationId: string; recordedAt: string; idempotencyKey?: string; idempotencyRequest?: string },
): NewEvent {
  validateEventData(event.type, event.data);
  return { id, type: event.type, data: event.data, metadata: { ...metadata, schemaVersion: schemaVersionOf(event.type) } };
}

/**
 * toNewEvent for many events with the same metadata (an import's hundreds of thousands): every
 * event of a type shares one metadata object, which the event store then encodes once.
 */
export function newEventsWith(metadata: Parameters<typeof toNewEvent>[2], newId: () => string): (event: DomainEvent) => NewEvent {
  const byType = new Map<string, NewEvent['metadata']>();
  return (event) => {
    validateEventData(event.type, event.data);
    let shared = byType.get(event.type);
    if (!shared) byType.set(event.type, (shared = { ...metadata, schemaVersion: schemaVersionOf(event.type) }));
    return { id: newId(), type: event.type, data: event.data, metadata: shared };
  };
}

/** What the events of a command record of it: who, in which request, when, and the request's Idempotency-Key. */
export function commandMetadata(context: Omit<CommandContext, 'newId'>) {
  const { idempotency } = context;
  return {
    ...(context.userId ? { userId: context.userId } : {}),
    correlationId: context.correlationId,
    causationId: context.causationId ?? context.correlationId,
    recordedAt: context.now.toISOString(),
    ...(idempotency ? { idempotencyKey: idempotency.key, idempotencyRequest: idempotency.request } : {}),
  };
}

/**
 * What must be held before a command's events are appended and settled once they are, or undone
 * if they could not be (an entry's slots: `commands/entry-slots.ts`). It runs only when the command
 * decided to append something.
 */
export type AppendGuard<State> = (state: State) => Promise<{ settle(): Promise<void>; undo(): Promise<void> }>;

/**
 * Load the stream (or take the events the caller read of it: `read`), decide, append with the
 * revision that was read: a concurrent change to the same stream makes the append fail with
 * WrongExpectedRevisionError (HTTP 409) instead of losing it.
 */
export async function handleCommand<Command, State, Event extends DomainEvent>(
  eventStore: EventStore,
  streamId: string,
  decider: Decider<Command, State, Event>,
  command: Command,
  context: CommandContext,
  guard?: AppendGuard<State>,
  read?: readonly RecordedEvent[],
): Promise<CommandResult<State>> {
  // A stream the caller has just read is not read again: the append still refuses it if it moved since.
  const recorded = read ?? (await eventStore.readStream(streamId));
  const idempotency = context.idempotency;
  const earlier = idempotency && resultOfKey(recorded, idempotency, decider);
  if (earlier) return earlier;
  const state = recorded.reduce(decider.evolve, decider.initialState());
  const events = decider.decide(command, state);
  const lastPosition = recorded.at(-1)?.position ?? 0;
  if (events.length === 0) return { state, position: lastPosition, appended: 0, repeated: false };

  const metadata = commandMetadata(context);
  const newEvents = events.map((event) => toNewEvent(event, context.newId(), metadata));
  const expected = recorded.length === 0 ? 'no_stream' : recorded.length - 1;
  const held = guard ? await guard(state) : null;
  let position: number;
  try {
    position = (await eventStore.append(streamId, newEvents, expected)).position;
  } catch (error) {
    // What the guard holds is made to match the stream again, whichever write got there.
    await held?.undo().catch(() => undefined);
    // The same request sent twice at once: the one that lost the race answers with the winner's result.
    const winner = idempotency && error instanceof WrongExpectedRevisionError ? resultOfKey(await eventStore.readStream(streamId), idempotency, decider) : null;
    if (winner) return winner;
    throw error;
  }
  // Recorded: a guard that cannot settle now leaves what heals on its own (entry-slot.decider.ts, slotIsLeftOver).
  await held?.settle().catch(() => undefined);
  return { state: events.reduce(decider.evolve, state), position, appended: events.length, repeated: false };
}
