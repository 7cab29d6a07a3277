import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteEventStore } from '@nightlight/infrastructure/event-store/sqlite-event-store';
import type { EventStore, NewEvent } from '@nightlight/infrastructure/ports/event-store';

// Throughput of the embedded event store with synchronous=FULL: grouped, one-by-one and batched appends.

const WAVE_EVENTS = 20_000;
const WAVE_SIZE = 500;
const SEQUENTIAL_EVENTS = 2_000;
const BATCH_EVENTS = 20_000;
const BATCH_SIZE = 100;

function newEvent(): NewEvent {
  return {
    id: randomUUID(),
    type: 'FeedingLogged',
    data: { feedingId: randomUUID(), childId: randomUUID(), amountMl: 120, startedAt: '2024-05-01T06:00:00.000Z' },
    metadata: {
      userId: randomUUID(),
      correlationId: randomUUID(),
      causationId: randomUUID(),
      schemaVersion: 1,
      recordedAt: '2024-05-01T06:00:00.000Z',
    },
  };
}

/** Events are made before the clock starts, so only the store is measured. */
async function measure(label: string, events: number, run: (store: EventStore, events: NewEvent[]) => Promise<void>): Promise<void> {
  const prepared = Array.from({ length: events }, newEvent);
  const directory = mkdtempSync(join(tmpdir(), 'nightlight-bench-'));
  const store = createSqliteEventStore({ file: join(directory, 'events.sqlite') });
  try {
    const started = performance.now();
    await run(store, prepared);
    const seconds = (performance.now() - started) / 1000;
    console.log(`${label.padEnd(58)} ${String(events).padStart(6)} events  ${Math.round(events / seconds).toLocaleString('en').padStart(9)} events/s`);
  } finally {
    await store.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

await measure(`single-event appends, concurrent waves of ${WAVE_SIZE} (group commit)`, WAVE_EVENTS, async (store, events) => {
  for (let sent = 0; sent < WAVE_EVENTS; sent += WAVE_SIZE) {
    const wave = events.slice(sent, sent + WAVE_SIZE);
    await Promise.all(wave.map((event) => store.append(`feeding-${event.id}`, [event], 'no_stream')));
  }
});

await measure('single-event appends, each awaited (one fsync each)', SEQUENTIAL_EVENTS, async (store, events) => {
  for (const event of events) await store.append(`feeding-${event.id}`, [event], 'no_stream');
});

await measure(`${BATCH_SIZE}-event appends, each awaited`, BATCH_EVENTS, async (store, events) => {
  for (let sent = 0; sent < BATCH_EVENTS; sent += BATCH_SIZE) {
    await store.append(`import-${events[sent]!.id}`, events.slice(sent, sent + BATCH_SIZE), 'no_stream');
  }
});
