import type { AppConfig } from '@nightlight/infrastructure/config/app-config';
import type { PersonalDataCipher } from '@nightlight/infrastructure/crypto/personal-data-cipher';
import type { EventStore, RecordedEvent } from '@nightlight/infrastructure/ports/event-store';
import type { ReadStore } from '@nightlight/infrastructure/ports/read-store';
import type { LiveReadModels } from '@nightlight/infrastructure/read-store/live-read-models';
import { createMemoryReadStore } from '@nightlight/infrastructure/read-store/memory-read-store';
import { readModelFile, readModelVersionsOnDisk, removeReadModelFile } from '@nightlight/infrastructure/read-store/read-model-files';
import { createSqliteReadStore } from '@nightlight/infrastructure/read-store/sqlite-read-store';
import { createSwitchableReadStore } from '@nightlight/infrastructure/read-store/switchable-read-store';
import type { Projection } from './projection';
import { startRebuildJob, type RebuildJob } from './rebuild-job';
import { describeRebuild, rebuildProgressMeter, type RebuildProgress } from './rebuild-progress';
import { followCurrent } from './follow-current';
import { checkpointId, CHECKPOINTS_COLLECTION, startProjector, type CheckpointDocument, type RunningProjector } from './projector-runner';
import { startProjectorThread } from './projector-thread';
import { readModelVersion } from './read-model-version';
import { startVersionedReadModels } from './versioned-read-models';

export interface EmbeddedReadModelsOptions {
  eventStore: EventStore;
  projections: readonly Projection[];
  /** Collections holding personal data, sealed or not (see the SQLite store's `erasable`). */
  personalCollections: readonly string[];
  cipher: PersonalDataCipher;
  /** Wraps the log the live projector reads; tests hold it back. */
  projectorEventStore?: (eventStore: EventStore) => EventStore;
  /** The rebuild job starts once this resolves (tests hold it back to read from the old version meanwhile). */
  rebuildStarts?: Promise<void>;
  /** A module exporting `projections`, loaded by the rebuild job's thread: the same projections as `projections`. */
  projectionsModule?: string;
  /**
   * Where the read models are (DATA_DIR), how many documents are cached, and what the rebuild job's
   * thread opens its stores from. READ_STORE `sqlite`: kept on disk, taken up at start, rebuilt
   * beside the old version when it changes; `memory`: rebuilt at every start (tests).
   */
  config: AppConfig;
  onProgress?: (position: number, head: number) => void;
  onSettled?: (position: number, childIds: ReadonlySet<string>) => void;
  onError?: (error: unknown, event: Pick<RecordedEvent, 'position' | 'type'> | undefined) => void;
  log?: (line: string) => void;
  /**
   * The memory of the log's AppendSignal: with it, the SQLite read models of a SQLite log are kept by
   * a projector on a thread of its own (projector-thread.ts); without it, or with `projectorEventStore`, on this one.
   */
  appendSignal?: SharedArrayBuffer;
}

export interface EmbeddedReadModels {
  /** What readers use: it follows the switch to a rebuilt version. */
  readStore: ReadStore;
  /** The projector of the version that answers (after a switch, the rebuild's). */
  projector: RunningProjector;
  /** The version that answers. */
  version(): string;
  /** The rebuild job's progress while one runs, else null. */
  rebuild(): RebuildProgress | null;
  /** Resolves once a running rebuild job has switched the readers (at once when none runs). */
  readonly rebuilt: Promise<void>;
  close(): Promise<void>;
}

/** When a version's read models first caught up with the log (its checkpoint says, committed with them), or null. */
async function builtAt(store: ReadStore): Promise<string | null> {
  const checkpoint = await store.collection<CheckpointDocument>(CHECKPOINTS_COLLECTION).findOne({ _id: checkpointId({ index: 0, count: 1 }) });
  return checkpoint?.builtAt ?? null;
}

/**
 * The embedded default's read models and the projectors that keep them. On SQLite a restart
 * resumes from the stored checkpoint; when the projections' version changed, the old version keeps
 * answering (and keeps being updated) while a rebuild job builds the new one from the log in a file
 * of its own, then readers switch to it in one step and the old file is removed.
 */
export async function startEmbeddedReadModels(options: EmbeddedReadModelsOptions): Promise<EmbeddedReadModels> {
  const log = options.log ?? (() => undefined);
  const { dataDir, READ_CACHE_DOCUMENTS: cacheDocuments } = options.config;
  const version = readModelVersion(options.projections);
  const open = (which: string) =>
    createSqliteReadStore({ file: readModelFile(dataDir, which), cacheDocuments, erasable: options.personalCollections });

  let serving: { version: string; store: ReadStore } | null = null;
  let target: ReadStore;
  if (options.config.READ_STORE === 'memory') {
    target = createMemoryReadStore();
  } else {
    target = open(version);
    if (!(await builtAt(target))) serving = await newestBuiltOtherVersion(dataDir, version, open);
    // What is neither answering nor being built is left from an earlier version or an abandoned rebuild.
    for (const other of readModelVersionsOnDisk(dataDir)) {
      if (other !== version && other !== serving?.version) await removeReadModelFile(dataDir, other);
    }
  }
  let current: RunningProjector;
  const start = (store: ReadStore, eventStore: EventStore, onProgress?: (position: number, head: number) => void): Promise<RunningProjector> => {
    const started: Promise<RunningProjector> = startProjector({
      eventStore,
      projections: options.projections,
      context: { readStore: store, cipher: options.cipher },
      onProgress,
      // Only the version that answers tells families of changes: it is the one they read.
      onSettled: (position, childIds) => void started.then((projector) => projector === current && options.onSettled?.(position, childIds)),
      onError: options.onError,
    });
    return started;
  };
  const liveEventStore = options.projectorEventStore?.(options.eventStore) ?? options.eventStore;
  const { appendSignal } = options;
  // The thread opens the embedded stores only (composition/embedded-stores.ts).
  const threaded = options.config.READ_STORE === 'sqlite' && options.config.EVENT_STORE === 'sqlite' && appendSignal !== undefined && !options.projectorEventStore;
  /** The live projector of this version, and the store readers read what it writes through. */
  const startLive = async (onProgress?: (position: number, head: number) => void): Promise<{ projector: RunningProjector; store: ReadStore }> => {
    if (!threaded) {
      const store = open(version);
      return { store, projector: await start(store, liveEventStore, onProgress) };
    }
    const thread = await startProjectorThread(
      { config: options.config, version, personalCollections: options.personalCollections, projectionsModule: options.projectionsModule, appendSignal },
      { onProgress, onError: options.onError, onSettled: (position, childIds) => thread.projector === current && options.onSettled?.(position, childIds) },
    );
    return { store: thread.readStore, projector: thread.projector };
  };

  if (!serving) {
    // The first start, or no version to answer from: readers wait (503) until this one has caught up.
    let store = target;
    if (threaded) {
      // The thread opens the file itself.
      await target.close();
      ({ store, projector: current } = await startLive(options.onProgress));
    } else {
      current = await start(target, liveEventStore, options.onProgress);
    }
    const readStore = createSwitchableReadStore(store);
    return {
      readStore,
      projector: followCurrent(() => current),
      version: () => version,
      rebuild: () => null,
      rebuilt: Promise.resolve(),
      close: async () => {
        await current.stop();
        await readStore.close();
      },
    };
  }

  const old = serving;
  const readStore = createSwitchableReadStore(old.store);
  log(`Read models: answering from version ${old.version} while version ${version} is built from the event log`);
  current = await start(old.store, liveEventStore, options.onProgress);
  let progress: RebuildProgress | null = { version, position: 0, head: await options.eventStore.headPosition(), percent: 0, eventsPerSecond: 0 };
  // The job's thread opens the file itself.
  await target.close();
  let closed = false;
  let job: RebuildJob | undefined;
  let rebuilding: RunningProjector | undefined;
  const rebuilt = (async () => {
    await options.rebuildStarts;
    if (closed) return;
    const meter = rebuildProgressMeter(version);
    job = startRebuildJob(
      { config: options.config, version, personalCollections: options.personalCollections, projectionsModule: options.projectionsModule },
      {
        onProgress(position, head) {
          progress = meter(position, head);
          log(describeRebuild(progress));
        },
        onProjectionError: (message) => options.onError?.(new Error(message), undefined),
      },
    );
    await job.caughtUp;
    // The job's file, committed and closed, is taken up here by a live projector of this version.
    await job.stop();
    job = undefined;
    if (closed) return;
    ({ store: target, projector: rebuilding } = await startLive());
    await rebuilding.caughtUp;
    // Not a step back for any reader: the new version first reaches what the old one shows.
    while (!closed && rebuilding.position() < current.position()) await rebuilding.waitFor(current.position(), 1000);
    if (closed) return;
    // One step for every reader: handles taken before the switch read the new version from now on.
    readStore.switchTo(target);
    const retired = current;
    current = rebuilding;
    progress = null;
    log(`Read models: version ${version} built; version ${old.version} removed`);
    await retired.stop();
    await old.store.close();
    await removeReadModelFile(dataDir, old.version);
  })();
  rebuilt.catch((error: unknown) => options.onError?.(error, undefined));

  return {
    readStore,
    projector: followCurrent(() => current),
    version: () => (progress ? old.version : version),
    rebuild: () => progress,
    rebuilt,
    async close() {
      closed = true;
      await job?.stop();
      if (rebuilding && current !== rebuilding) {
        await rebuilding.stop();
        await target.close();
      }
      await current.stop();
      await readStore.close();
    },
  };
}

/** The most recently built version other than `version`, opened; the others stay closed. */
async function newestBuiltOtherVersion(
  dataDir: string,
  version: string,
  open: (version: string) => ReadStore,
): Promise<{ version: string; store: ReadStore } | null> {
  let newest: { version: string; store: ReadStore; builtAt: string } | null = null;
  for (const other of readModelVersionsOnDisk(dataDir)) {
    if (other === version) continue;
    const store = open(other);
    const built = await builtAt(store);
    if (built && (!newest || built > newest.builtAt)) {
      await newest?.store.close();
      newest = { version: other, store, builtAt: built };
    } else {
      await store.close();
    }
  }
  return newest && { version: newest.version, store: newest.store };
}

/**
 * The embedded server on read models a server keeps (READ_STORE=postgres or mongo): the full
 * stack's versioned read models in that store, with this process as their one projector worker
 * (shard 0/1), and `readers` (the adapters' read store) following the live version. A changed
 * projection is rebuilt beside the live version as the full stack's workers do it.
 */
export async function startServerReadModels(
  options: Omit<EmbeddedReadModelsOptions, 'config' | 'personalCollections' | 'projectionsModule'> & { store: ReadStore; readers: LiveReadModels },
): Promise<EmbeddedReadModels> {
  const versioned = await startVersionedReadModels({
    store: options.store,
    eventStore: options.projectorEventStore?.(options.eventStore) ?? options.eventStore,
    projections: options.projections,
    cipher: options.cipher,
    shard: { index: 0, count: 1 },
    rebuildStarts: options.rebuildStarts,
    onProgress: options.onProgress,
    onSettled: options.onSettled,
    onError: options.onError,
    log: options.log,
  });
  // Ready once the readers of this process read the version that answers, not at their next look.
  const answering = versioned.answering.then(() => options.readers.follow());
  const live = versioned.projector;
  const projector: RunningProjector = {
    get caughtUp() {
      return answering;
    },
    position: () => live.position(),
    waitFor: (position, timeoutMs) => live.waitFor(position, timeoutMs),
    stalledSince: () => live.stalledSince(),
    stop: () => live.stop(),
  };
  return {
    readStore: options.readers,
    projector,
    version: () => options.readers.version() ?? readModelVersion(options.projections),
    rebuild: versioned.rebuild,
    rebuilt: versioned.rebuilt,
    close: versioned.close,
  };
}
