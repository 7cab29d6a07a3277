import { parentPort, workerData } from 'node:worker_threads';
import { createCipher, createEventStore, createKeyStore } from '@nightlight/infrastructure/composition/adapters';
import { readModelFile } from '@nightlight/infrastructure/read-store/read-model-files';
import { createSqliteReadStore } from '@nightlight/infrastructure/read-store/sqlite-read-store';
import { allProjections } from './all-projections';
import type { Projection } from './projection';
import { startProjector } from './projector-runner';
import type { RebuildJobData, RebuildJobMessage } from './rebuild-job';

/**
 * The rebuild job's thread: projects the whole log into the new version's file, off the thread
 * that answers requests, then reports where it got to and waits to be told to stop. It opens the
 * log read-only and the key store for the names the projections open.
 */
const data = workerData as RebuildJobData;
const send = (message: RebuildJobMessage) => parentPort!.postMessage(message);

const projections: readonly Projection[] = data.projectionsModule ? ((await import(data.projectionsModule)) as { projections: Projection[] }).projections : allProjections;
const eventStore = createEventStore(data.config, { readonly: true });
const keyStore = await createKeyStore(data.config);
const readStore = createSqliteReadStore({ file: readModelFile(data.config.dataDir, data.version), cacheDocuments: data.config.READ_CACHE_DOCUMENTS, erasable: data.personalCollections });
const projector = await startProjector({
  eventStore,
  projections,
  context: { readStore, cipher: createCipher(data.config, keyStore) },
  onProgress: (position, head) => send({ type: 'progress', position, head }),
  onError: (error, event) => send({ type: 'projection-error', message: `at event ${event?.position ?? '?'} (${event?.type ?? 'subscription'}): ${String(error)}` }),
});

parentPort!.on('message', async (message: 'stop') => {
  if (message !== 'stop') return;
  // Stopping settles and commits: the new version's checkpoint is where the live projector goes on.
  await projector.stop();
  await readStore.close();
  await keyStore.close();
  await eventStore.close();
  send({ type: 'stopped', position: projector.position() });
  parentPort!.close();
});
await projector.caughtUp;
send({ type: 'caught-up', position: projector.position() });
