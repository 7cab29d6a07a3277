import type { DomainEvent } from '@nightlight/domain/shared/domain-event';
import type { EventStore, NewEvent } from '@nightlight/infrastructure/ports/event-store';
import { describe, expect, it } from 'vitest';
import { handleCommand, type Decider } from './command-handler';

/** Only what handleCommand touches: an empty stream to read, and a record of what it appends. */
function recordingEventStore(): EventStore & { appended: NewEvent[] } {
  const appended: NewEvent[] = [];
  const unused = () => {
    throw new Error('not used by handleCommand');
  };
  return {
    appended,
    readStream: async () => [],
    append: async (_streamId, events) => {
      appended.push(...events);
      return { nextRevision: events.length - 1, position: events.length };
    },
    readStreams: unused,
    readAll: unused,
    subscribeToAll: unused,
    headPosition: unused,
    close: unused,
  };
}

const emitting = (events: DomainEvent[]): Decider<'go', null, DomainEvent> => ({ initialState: () => null, evolve: (state) => state, decide: () => events });
const context = { userId: 'u1', correlationId: 'k1', now: new Date('2026-11-20T14:00:00.000Z'), newId: () => 'e1' };

describe('handleCommand', () => {
  it('appends each event with the schema version of its own type', async () => {
    const store = recordingEventStore();
    await handleCommand(store, 'child-c1', emitting([{ type: 'ChildRemoved', data: { childId: 'c1', ownerId: 'u1' } }]), 'go', context);

    expect(store.appended).toEqual([
      {
        id: 'e1',
        type: 'ChildRemoved',
        data: { childId: 'c1', ownerId: 'u1' },
        metadata: { userId: 'u1', correlationId: 'k1', causationId: 'k1', schemaVersion: 1, recordedAt: '2026-11-20T14:00:00.000Z' },
      },
    ]);
  });

  it('appends nothing when any decided event does not match its schema', async () => {
    const store = recordingEventStore();
    const events = [
      { type: 'ChildRemoved', data: { childId: 'c1', ownerId: 'u1' } },
      { type: 'ChildRemoved', data: { childId: 'c1', ownerId: 42 } },
    ];

    await expect(handleCommand(store, 'child-c1', emitting(events), 'go', context)).rejects.toThrow(
      'Event ChildRemoved has invalid data: ownerId: Invalid input: expected string, received number',
    );
    expect(store.appended).toEqual([]);
  });

  it('appends nothing for an event type without a schema', async () => {
    const store = recordingEventStore();

    await expect(handleCommand(store, 'child-c1', emitting([{ type: 'ChildTeleported', data: {} }]), 'go', context)).rejects.toThrow(
      'Event type "ChildTeleported" is not in the event registry',
    );
    expect(store.appended).toEqual([]);
  });
});

describe('an Idempotency-Key', () => {
  it('is recorded, with the digest of its request, in the metadata of every event the request appends', async () => {
    const store = recordingEventStore();
    const events = [
      { type: 'ChildRemoved', data: { childId: 'c1', ownerId: 'u1' } },
      { type: 'ChildRemoved', data: { childId: 'c1', ownerId: 'u1' } },
    ];
    const result = await handleCommand(store, 'child-c1', emitting(events), 'go', { ...context, idempotency: { key: 'k-digest', request: 'r-digest' } });

    expect(store.appended.map((event) => [event.metadata.idempotencyKey, event.metadata.idempotencyRequest])).toEqual([
      ['k-digest', 'r-digest'],
      ['k-digest', 'r-digest'],
    ]);
    expect(result).toMatchObject({ appended: 2, repeated: false });
  });
});
