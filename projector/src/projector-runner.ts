import { createHash } from 'node:crypto';
import type { EventStore, RecordedEvent, Subscription } from '@nightlight/infrastructure/ports/event-store';
import { ReadStoreUnavailableError, type Doc } from '@nightlight/infrastructure/ports/read-store';
import { childIdOf, DeferredWork, type Projection, type ProjectionContext } from './projection';
import { ensureReadModelIndexes } from './read-model-indexes';

export const CHECKPOINTS_COLLECTION = 'checkpoints';
const CHECKPOINT_PREFIX = 'projector/';
/** Events between checkpoints while catching up. */
const CATCH_UP_BATCH = 5000;
/** Waits between attempts while the read store cannot be reached: from the first to the longest. */
const RETRY_FIRST_MS = 100;
const RETRY_LONGEST_MS = 5000;

interface CheckpointDocument extends Doc {
  position: number;
  shard: string;
}

export interface Shard {
  index: number;
  count: number;
}

export interface ProjectorOptions {
  eventStore: EventStore;
  projections: readonly Projection[];
  context: ProjectionContext;
  shard?: Shard;
  /** Called about once a second while catching up, so a long rebuild shows progress. */
  onProgress?: (position: number, head: number) => void;
  /** A projection failed on an event (a bug, not an outage): the event is skipped for that projection. */
  onError?: (error: unknown, event: RecordedEvent | undefined) => void;
  /** The read store cannot be reached; the projector waits and retries the same work until it can. */
  onStall?: (error: unknown, event: RecordedEvent | undefined) => void;
}

export interface RunningProjector {
  readonly caughtUp: Promise<void>;
  /** The position every projection has processed. */
  position(): number;
  /** Resolves true once the projector has passed `position`, false after `timeoutMs`. */
  waitFor(position: number, timeoutMs: number): Promise<boolean>;
  /** Since when the projector has been waiting for an unreachable read store, or null. */
  stalledSince(): Date | null;
  stop(): Promise<void>;
}

/** Events of one child always go to the same shard, so they stay in order. */
export function shardOf(childId: string, count: number): number {
  return createHash('sha1').update(childId).digest().readUInt32BE(0) % count;
}

export function checkpointId(shard: Shard): string {
  return `${CHECKPOINT_PREFIX}${shard.index}-of-${shard.count}`;
}

/**
 * Subscribes to the log from the stored checkpoint and applies every event to every projection
 * that handles it, in order. The checkpoint is saved after each event once caught up, and every
 * CATCH_UP_BATCH events while catching up (projections are idempotent, so replaying some is harmless).
 */
export async function startProjector(options: ProjectorOptions): Promise<RunningProjector> {
  const { eventStore, projections } = options;
  // While catching up, derived documents are computed once per batch (see ProjectionContext.deferred).
  const context: ProjectionContext = { ...options.context, deferred: new DeferredWork() };
  let stopped = false;
  let stalledSince: Date | null = null;

  /**
   * An outage of the read store must not lose events: the work is tried again, with growing pauses,
   * until the store answers or the projector stops. Resolves false if it stopped first.
   */
  const untilReachable = async (work: () => Promise<void>, event?: RecordedEvent): Promise<boolean> => {
    for (let pause = RETRY_FIRST_MS; !stopped; pause = Math.min(pause * 2, RETRY_LONGEST_MS)) {
      try {
        await work();
        stalledSince = null;
        return true;
      } catch (error) {
        if (!(error instanceof ReadStoreUnavailableError)) throw error;
        stalledSince ??= new Date();
        options.onStall?.(error, event);
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    }
    return false;
  };

  const shard = options.shard ?? { index: 0, count: 1 };
  const checkpoints = context.readStore.collection<CheckpointDocument>(CHECKPOINTS_COLLECTION);
  let stored: CheckpointDocument | null = null;
  await untilReachable(async () => {
    await ensureReadModelIndexes(context.readStore);
    stored = await checkpoints.findOne({ _id: checkpointId(shard) });
  });
  let position = (stored as CheckpointDocument | null)?.position ?? 0;
  let savedPosition = position;
  let isCaughtUp = false;
  const waiters = new Set<{ position: number; resolve: (ok: boolean) => void }>();
  let lastProgress = Date.now();
  const head = await eventStore.headPosition();

  const saveCheckpoint = async (): Promise<void> => {
    await untilReachable(async () => {
      // Nothing deferred may be lost behind a checkpoint: settle it first.
      await context.deferred?.settle();
      if (savedPosition === position) return;
      await checkpoints.replaceOne({ _id: checkpointId(shard) }, { _id: checkpointId(shard), position, shard: `${shard.index}/${shard.count}` }, { upsert: true });
      savedPosition = position;
    });
  };

  const release = (): void => {
    for (const waiter of waiters) {
      if (waiter.position <= position) {
        waiters.delete(waiter);
        waiter.resolve(true);
      }
    }
  };

  /**
   * Any failure but an outage is a bug in one projection: it is reported and that projection skips
   * the event, so the other read models stay current.
   */
  const applyOne = async (projection: Projection, event: RecordedEvent): Promise<void> => {
    try {
      await untilReachable(() => projection.apply(event, context), event);
    } catch (error) {
      options.onError?.(error, event);
    }
  };

  const mine = (event: RecordedEvent): boolean => {
    if (shard.count === 1) return true;
    const childId = childIdOf(event);
    // Account-level events (no child) belong to shard 0.
    return childId === null ? shard.index === 0 : shardOf(childId, shard.count) === shard.index;
  };

  const onEvent = async (event: RecordedEvent): Promise<void> => {
    if (mine(event)) {
      for (const projection of projections) {
        if (projection.handles.has(event.type)) await applyOne(projection, event);
      }
    }
    if (stopped) return;
    position = event.position;
    if (isCaughtUp || position - savedPosition >= CATCH_UP_BATCH) await saveCheckpoint();
    // While catching up, daily insights wait in `deferred`: nobody is told the position is reached.
    if (isCaughtUp) release();
    if (!isCaughtUp && options.onProgress && Date.now() - lastProgress > 1000) {
      lastProgress = Date.now();
      options.onProgress(position, head);
    }
  };

  const subscription: Subscription = eventStore.subscribeToAll({
    fromPosition: position,
    onEvent,
    onError: (error) => options.onError?.(error, undefined),
  });

  const caughtUp = subscription.caughtUp.then(async () => {
    // Live from here on: events that arrive while the deferred work settles are applied in full,
    // so nothing is added to the deferred work after it was taken.
    const deferred = context.deferred;
    delete context.deferred;
    isCaughtUp = true;
    if (deferred) await untilReachable(() => deferred.settle());
    await saveCheckpoint();
    release();
  });

  return {
    caughtUp,
    position: () => position,
    waitFor(target, timeoutMs) {
      if (target <= position) return Promise.resolve(true);
      return new Promise((resolve) => {
        const waiter = { position: target, resolve };
        waiters.add(waiter);
        setTimeout(() => {
          if (waiters.delete(waiter)) resolve(false);
        }, timeoutMs).unref();
      });
    },
    stalledSince: () => stalledSince,
    async stop() {
      stopped = true;
      await subscription.stop();
      await saveCheckpoint();
      for (const waiter of waiters) waiter.resolve(false);
      waiters.clear();
    },
  };
}
