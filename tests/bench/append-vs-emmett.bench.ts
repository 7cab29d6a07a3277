import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createSqliteEventStore } from '@nightlight/infrastructure/event-store/sqlite-event-store';
import type { NewEvent } from '@nightlight/infrastructure/ports/event-store';
import { importComparisonPackage } from './support/comparison-packages';

/**
 * The embedded SQLite adapter against Emmett's SQLite event store (@event-driven-io/emmett-sqlite,
 * the peer the design follows), same machine, same payloads, each on its own fresh file:
 * single appends awaited one by one, single appends sent concurrently in waves, 100-event batches.
 * `npx tsx tests/bench/append-vs-emmett.bench.ts` (SEQUENTIAL, WAVE_EVENTS, BATCH_EVENTS to resize).
 * Emmett is not one of the project's dependencies: its first run installs it into a temporary
 * folder (support/comparison-packages.ts), building sqlite3 from C where no prebuilt binary fits.
 */
const EMMETT_VERSION = '0.38.5';

const SEQUENTIAL = Number(process.env.SEQUENTIAL ?? 1_000);
const WAVE_EVENTS = Number(process.env.WAVE_EVENTS ?? 10_000);
const WAVE_SIZE = 100;
const BATCH_EVENTS = Number(process.env.BATCH_EVENTS ?? 20_000);
const BATCH_SIZE = 100;

/** What this benchmark uses of emmett-sqlite. */
interface EmmettSqlite {
  getSQLiteEventStore(options: { fileName: string; schema: { autoMigration: 'CreateOrUpdate' } }): {
    appendToStream(streamId: string, events: { type: string; data: Record<string, unknown>; metadata: Record<string, unknown> }[], options: { expectedStreamVersion: 'STREAM_DOES_NOT_EXIST' }): Promise<unknown>;
  };
}
const { getSQLiteEventStore } = await importComparisonPackage<EmmettSqlite>(
  '@event-driven-io/emmett-sqlite',
  { '@event-driven-io/emmett': EMMETT_VERSION, '@event-driven-io/emmett-sqlite': EMMETT_VERSION },
  ['sqlite3'],
);

interface Store {
  name: string;
  /** Appends to a stream that must not exist yet. */
  append(streamId: string, events: NewEvent[]): Promise<void>;
  synchronous(): string;
  close(): Promise<void>;
}

function newEvent(): NewEvent {
  return {
    id: randomUUID(),
    type: 'FeedingLogged',
    data: { feedingId: randomUUID(), childId: randomUUID(), ownerId: randomUUID(), startedAt: '2026-05-01T06:00:00.000Z', endedAt: '2026-05-01T06:15:00.000Z', amountOz: 4, method: 'Bottle', type: 'Formula', notes: 'v1.aes-gcm.bm90ZXMgc2VhbGVkIGZvciBiZW5jaA' },
    metadata: { userId: randomUUID(), correlationId: randomUUID(), causationId: randomUUID(), schemaVersion: 1, recordedAt: '2026-05-01T06:00:00.000Z' },
  };
}

/** What the journal settings of a file are, read from a separate connection (same library for both). */
function pragmaOf(file: string): string {
  const db = new Database(file, { readonly: true });
  try {
    return `journal_mode=${String(db.pragma('journal_mode', { simple: true }))}`;
  } finally {
    db.close();
  }
}

function nightlight(file: string): Store {
  const store = createSqliteEventStore({ file });
  return {
    name: 'nightlight (better-sqlite3, group commit)',
    async append(streamId, events) {
      await store.append(streamId, events, 'no_stream');
    },
    // The adapter sets synchronous=FULL on its connection (design §2).
    synchronous: () => `${pragmaOf(file)}, synchronous=FULL (set by the adapter)`,
    close: () => store.close(),
  };
}

function emmett(file: string): Store {
  const store = getSQLiteEventStore({ fileName: file, schema: { autoMigration: 'CreateOrUpdate' } });
  return {
    name: `emmett-sqlite ${EMMETT_VERSION} (sqlite3)`,
    async append(streamId, events) {
      await store.appendToStream(
        streamId,
        events.map((event) => ({ type: event.type, data: event.data as Record<string, unknown>, metadata: { ...event.metadata, eventId: event.id } })),
        { expectedStreamVersion: 'STREAM_DOES_NOT_EXIST' },
      );
    },
    // Emmett leaves synchronous at SQLite's default, which in WAL mode is FULL unless compiled otherwise.
    synchronous: () => `${pragmaOf(file)}, synchronous=library default`,
    close: async () => undefined,
  };
}

interface Outcome {
  eventsPerSecond: number;
  failed: number;
  firstError?: string;
}

async function measure(open: (file: string) => Store, events: number, run: (store: Store, prepared: NewEvent[], fail: (error: unknown) => void) => Promise<void>): Promise<Outcome & { settings: string }> {
  const prepared = Array.from({ length: events }, newEvent);
  const directory = mkdtempSync(join(tmpdir(), 'nightlight-peer-'));
  const file = join(directory, 'events.sqlite');
  const store = open(file);
  let failed = 0;
  let firstError: string | undefined;
  const fail = (error: unknown) => {
    failed++;
    firstError ??= error instanceof Error ? error.message : String(error);
  };
  try {
    // One warm-up append so schema creation and connection set-up are not timed.
    await store.append(`warmup-${randomUUID()}`, [newEvent()]);
    const started = performance.now();
    await run(store, prepared, fail);
    const seconds = (performance.now() - started) / 1000;
    const settings = store.synchronous();
    return { eventsPerSecond: Math.round((events - failed) / seconds), failed, ...(firstError ? { firstError } : {}), settings };
  } finally {
    await store.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

const modes: { label: string; events: number; run: (store: Store, prepared: NewEvent[], fail: (error: unknown) => void) => Promise<void> }[] = [
  {
    label: 'single-event appends, each awaited',
    events: SEQUENTIAL,
    async run(store, prepared, fail) {
      for (const event of prepared) await store.append(`feeding-${event.id}`, [event]).catch(fail);
    },
  },
  {
    label: `single-event appends, concurrent waves of ${WAVE_SIZE}`,
    events: WAVE_EVENTS,
    async run(store, prepared, fail) {
      for (let sent = 0; sent < prepared.length; sent += WAVE_SIZE) {
        await Promise.all(prepared.slice(sent, sent + WAVE_SIZE).map((event) => store.append(`feeding-${event.id}`, [event]).catch(fail)));
      }
    },
  },
  {
    label: `${BATCH_SIZE}-event appends, each awaited`,
    events: BATCH_EVENTS,
    async run(store, prepared, fail) {
      for (let sent = 0; sent < prepared.length; sent += BATCH_SIZE) {
        await store.append(`import-${prepared[sent]!.id}`, prepared.slice(sent, sent + BATCH_SIZE)).catch(fail);
      }
    },
  },
];

// Emmett logs every failed transaction with console.log; keep the table readable and count them instead.
const log = console.log;
const rows: string[] = [];
for (const mode of modes) {
  const ours = await measure(nightlight, mode.events, mode.run);
  console.log = () => undefined;
  const peer = await measure(emmett, mode.events, mode.run).finally(() => (console.log = log));
  const ratio = ours.eventsPerSecond / Math.max(1, peer.eventsPerSecond);
  rows.push(
    `${mode.label.padEnd(44)} ${String(mode.events).padStart(6)}  nightlight ${ours.eventsPerSecond.toLocaleString('en').padStart(9)} ev/s` +
      `  emmett ${peer.eventsPerSecond.toLocaleString('en').padStart(9)} ev/s  ratio ${ratio.toFixed(2)}x` +
      (ours.failed ? `  nightlight failures ${ours.failed} (${ours.firstError})` : '') +
      (peer.failed ? `  emmett failures ${peer.failed} (${peer.firstError})` : ''),
  );
  log(rows.at(-1));
  if (mode === modes[0]) log(`  settings: nightlight ${ours.settings}; emmett ${peer.settings}`);
}
