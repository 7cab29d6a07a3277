import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { createCipher, createEmbeddedEventStore, createEmbeddedKeyStore } from '@nightlight/infrastructure/composition/embedded-stores';
import { createAppendSignal } from '@nightlight/infrastructure/event-store/append-signal';
import { diskReserve } from '@nightlight/infrastructure/files/disk-reserve';
import { readModelFile } from '@nightlight/infrastructure/read-store/read-model-files';
import { createSqliteReadStore } from '@nightlight/infrastructure/read-store/sqlite-read-store';
import { allProjections } from './all-projections';
import type { Projection } from './projection';
import { startProjector } from './projector-runner';
import type { ProjectorThreadData, ProjectorThreadMessage } from './projector-thread';
import { ensureReadModelIndexes } from './read-model-indexes';

/**
 * The live projector's thread (see projector-thread.ts): keeps the version's file from the log,
 * reading the log read-only and waking on the process's appends, and reports each commit's changed
 * documents, then its position, to the thread that answers.
 */
const data = workerData as ProjectorThreadData;
const send = (message: ProjectorThreadMessage) => parentPort!.postMessage(message);

/** What the read models' commits may still use of a disk that is full (see the store's `reserve`). */
const READ_MODEL_RESERVE_BYTES = 8 * 1024 * 1024;
/** Niceness of the thread: answering requests goes first when both want the processor. */
const PROJECTOR_NICENESS = 10;
try {
  // Linux gives each thread its own priority, named by the thread's id.
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), PROJECTOR_NICENESS);
} catch {
  // Elsewhere the thread shares the process's priority.
}

const projections: readonly Projection[] = data.projectionsModule ? ((await import(data.projectionsModule)) as { projections: Projection[] }).projections : allProjections;
const eventStore = createEmbeddedEventStore(data.config, { readonly: true, appendSignal: createAppendSignal(data.appendSignal) });
const keyStore = createEmbeddedKeyStore(data.config);
const readStore = createSqliteReadStore({
  file: readModelFile(data.config.dataDir, data.version),
  // What the projector reads again is the days it recomputes; the readers' connection keeps the rest.
  cacheDocuments: Math.max(100, Math.floor(data.config.READ_CACHE_DOCUMENTS / 4)),
  erasable: data.personalCollections,
  onCommit: (changes) => send({ type: 'changed', changes }),
  reserve: diskReserve(path.join(data.config.dataDir, 'read-models.reserve'), READ_MODEL_RESERVE_BYTES),
});
// The tables and indexes committed before the readers' connection opens the file.
await ensureReadModelIndexes(readStore);
await readStore.commit();
send({ type: 'started' });

const projector = await startProjector({
  eventStore,
  projections,
  context: { readStore, cipher: createCipher(data.config, keyStore) },
  publishAfterCommit: true,
  // Nothing else waits for this thread: a burst settles every 20 ms (each settlement recomputes the days it touched).
  liveSliceMs: 20,
  onPublished: (position) => send({ type: 'published', position }),
  onSettled: (position, childIds) => send({ type: 'settled', position, childIds: [...childIds] }),
  onProgress: (position, head) => send({ type: 'progress', position, head }),
  onStall: () => send({ type: 'stalled', since: new Date().toISOString() }),
  onError: (error, event) =>
    send({ type: 'projection-error', message: error instanceof Error ? (error.stack ?? error.message) : String(error), position: event?.position, eventType: event?.type }),
});

parentPort!.on('message', async (message: 'stop') => {
  if (message !== 'stop') return;
  await projector.stop();
  await readStore.close();
  await keyStore.close();
  await eventStore.close();
  send({ type: 'stopped' });
  parentPort!.close();
});
await projector.caughtUp;
send({ type: 'caught-up' });
