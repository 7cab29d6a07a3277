import { setTimeout as sleep } from 'node:timers/promises';
import type { PersonalDataCipher } from '@nightlight/infrastructure/crypto/personal-data-cipher';
import type { EventStore, RecordedEvent } from '@nightlight/infrastructure/ports/event-store';
import type { ReadStore } from '@nightlight/infrastructure/ports/read-store';
import { LIVE_VERSION_POLL_MS } from '@nightlight/infrastructure/read-store/live-read-models';
import {
  dropRetiredReadModels,
  liveReadModelVersion,
  readModelsOfVersion,
  switchLiveReadModelVersion,
} from '@nightlight/infrastructure/read-store/read-model-versions';
import { followCurrent } from './follow-current';
import type { Projection } from './projection';
import { CHECKPOINTS_COLLECTION, startProjector, type CheckpointDocument, type RunningProjector, type Shard } from './projector-runner';
import { readModelVersion } from './read-model-version';
import { describeRebuild, rebuildProgressMeter, type RebuildProgress } from './rebuild-progress';

/** How long a retired version stays after the switch: readers move within a poll, requests in flight finish. */
export const RETIRED_VERSION_KEPT_MS = 30 * LIVE_VERSION_POLL_MS;

export interface VersionedReadModelsOptions {
  /** The store holding every version's read models (the full stack's MongoDB). */
  store: ReadStore;
  eventStore: EventStore;
  projections: readonly Projection[];
  cipher: PersonalDataCipher;
  shard: Shard;
  /** The rebuild starts once this resolves (tests hold it back to read from the old version meanwhile). */
  rebuildStarts?: Promise<void>;
  /** How long the retired version is kept after the switch. */
  retiredKeptMs?: number;
  /** How often a shard that has built its part looks whether every shard has. */
  pollMs?: number;
  /** The catch-up of the version readers use, about once a second. */
  onProgress?: (position: number, head: number) => void;
  onSettled?: (position: number, childIds: ReadonlySet<string>) => void;
  onError?: (error: unknown, event: RecordedEvent | undefined) => void;
  onStall?: (error: unknown, event: RecordedEvent | undefined) => void;
  log?: (line: string) => void;
}

export interface VersionedReadModels {
  /** The projector of the version readers use (after a switch, the rebuild's). */
  projector: RunningProjector;
  /** The rebuild's progress on this shard while one runs, else null. */
  rebuild(): RebuildProgress | null;
  /** Resolves once a running rebuild has moved readers to the new version (at once when none runs). */
  readonly rebuilt: Promise<void>;
  /**
   * Resolves once readers can be answered: when the live version has caught up, or, on a store
   * with no read models yet, once the first version is built and readers are pointed at it.
   */
  readonly answering: Promise<void>;
  close(): Promise<void>;
}

/** Whether every one of `count` shards has built its part of a version's read models. */
async function everyShardBuilt(readModels: ReadStore, count: number): Promise<boolean> {
  const checkpoints = await readModels.collection<CheckpointDocument>(CHECKPOINTS_COLLECTION).find({ shard: { $regex: `/${count}$` } });
  return new Set(checkpoints.filter((checkpoint) => checkpoint.builtAt).map((checkpoint) => checkpoint.shard)).size === count;
}

/**
 * A full-stack projector worker's read models, versioned in one store (read-model-versions.ts).
 * When this code's projections make the live version: projects into it, resuming from its
 * checkpoint. When they make another one (a deploy changed a projection): keeps the live version
 * up to date while it builds its shard of the new one from the log beside it; once every shard has
 * built its part and caught up, the pointer moves (readers follow within a poll) and, some time
 * later, shard 0 drops the retired version. A worker stopped midway resumes the build from the new
 * version's checkpoint.
 */
export async function startVersionedReadModels(options: VersionedReadModelsOptions): Promise<VersionedReadModels> {
  const { store, shard } = options;
  const log = options.log ?? (() => undefined);
  const version = readModelVersion(options.projections);
  const live = await liveReadModelVersion(store);
  const stopping = new AbortController();

  let current: RunningProjector | undefined;
  const start = (of: string | null, onProgress?: (position: number, head: number) => void): Promise<RunningProjector> => {
    const started: Promise<RunningProjector> = startProjector({
      eventStore: options.eventStore,
      projections: options.projections,
      context: { readStore: readModelsOfVersion(store, of), cipher: options.cipher },
      shard,
      onProgress,
      // Only the version readers use tells families of changes.
      onSettled: (position, childIds) => void started.then((projector) => projector === current && options.onSettled?.(position, childIds)),
      onError: options.onError,
      onStall: options.onStall,
    });
    return started;
  };
  const retireLater = async (): Promise<void> => {
    if (shard.index !== 0) return;
    for (const dropped of await dropRetiredReadModels(store, options.retiredKeptMs ?? RETIRED_VERSION_KEPT_MS, stopping.signal)) {
      log(`Read models: version ${dropped ?? 'from before versions'} dropped`);
    }
  };

  if (live === version) {
    const projector = await start(version, options.onProgress);
    current = projector;
    const retired = retireLater().catch((error: unknown) => options.onError?.(error, undefined));
    return {
      projector,
      rebuild: () => null,
      rebuilt: Promise.resolve(),
      answering: projector.caughtUp,
      async close() {
        stopping.abort();
        await retired;
        await projector.stop();
      },
    };
  }

  // Read models from before versions count as live only when there are some: a new deployment has none.
  const oldHasData = live !== null || (await readModelsOfVersion(store, null).collection(CHECKPOINTS_COLLECTION).countDocuments({})) > 0;
  const old = oldHasData ? await start(live, options.onProgress) : undefined;
  log(`Read models: shard ${shard.index}/${shard.count} builds version ${version} from the event log${old ? `, version ${live ?? 'from before versions'} answers meanwhile` : ''}`);
  const meter = rebuildProgressMeter(version);
  let progress: RebuildProgress | null = { version, position: 0, head: await options.eventStore.headPosition(), percent: 0, eventsPerSecond: 0 };
  const build = () =>
    start(version, (position, head) => {
      progress = meter(position, head);
      log(describeRebuild(progress));
    });
  // A new deployment's readers have nothing else: they wait for the build, as for any projector.
  let rebuilding = old ? undefined : await build();
  current = old ?? rebuilding;
  let switched!: () => void;
  const pointed = new Promise<void>((resolve) => (switched = resolve));
  const rebuilt = (async () => {
    if (!rebuilding) {
      await options.rebuildStarts;
      if (stopping.signal.aborted) return;
      rebuilding = await build();
    }
    await rebuilding.caughtUp;
    // A build shorter than a report's interval says it is done too, while it waits for the other shards.
    progress = meter(rebuilding.position(), Math.max(progress?.head ?? 0, rebuilding.position()));
    // Not a step back for any reader: the new version first reaches what the old one shows.
    while (old && !stopping.signal.aborted && rebuilding.position() < old.position()) await rebuilding.waitFor(old.position(), 1000);
    const readModels = readModelsOfVersion(store, version);
    while (!stopping.signal.aborted && !(await everyShardBuilt(readModels, shard.count))) {
      await sleep(options.pollMs ?? LIVE_VERSION_POLL_MS, undefined, { signal: stopping.signal }).catch(() => undefined);
    }
    if (stopping.signal.aborted) return;
    // Every shard moves the pointer to the same version: the first write does it, the others change nothing.
    await switchLiveReadModelVersion(store, version);
    switched();
    current = rebuilding;
    progress = null;
    log(`Read models: version ${version} answers (shard ${shard.index}/${shard.count})`);
    await old?.stop();
    await retireLater();
  })();
  rebuilt.catch((error: unknown) => options.onError?.(error, undefined));

  return {
    projector: followCurrent(() => current!),
    rebuild: () => progress,
    rebuilt,
    answering: old ? old.caughtUp : pointed,
    async close() {
      // The build sees the abort at its next step and writes nothing more once its projectors have stopped.
      stopping.abort();
      await rebuilding?.stop();
      await old?.stop();
    },
  };
}
