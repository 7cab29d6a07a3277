import { createHash } from 'node:crypto';
import type { EventStore, RecordedEvent, Subscription } from '@nightlight/infrastructure/ports/event-store';
import type { Doc } from '@nightlight/infrastructure/ports/read-store';
import { childIdOf, DeferredWork, type Projection, type ProjectionContext } from './projection';
import { ensureReadModelIndexes } from './read-model-indexes';

export const CHECKPOINTS_COLLECTION = 'checkpoints';
const CHECKPOINT_PREFIX = 'projector/';
/** Events between checkpoints while catching up. */
const CATCH_UP_BATCH = 5000;

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
  onError?: (error: unknown, event: RecordedEvent) => void;
}

export interface RunningProjector {
  readonly caughtUp: Promise<void>;
  /** The position every projection has processed. */
  position(): number;
  /** Resolves true once the projector has passed `position`, false after `timeoutMs`. */
  waitFor(position: number, timeoutMs: number): Promise<boolean>;
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
  await ensureReadModelIndexes(context.readStore);
  const shard = options.shard ?? { index: 0, count: 1 };
  const checkpoints = context.readStore.collection<CheckpointDocument>(CHECKPOINTS_COLLECTION);
  const stored = await checkpoints.findOne({ _id: checkpointId(shard) });
  let position = stored?.position ?? 0;
  let savedPosition = position;
  let isCaughtUp = false;
  const waiters = new Set<{ position: number; resolve: (ok: boolean) => void }>();
  let lastProgress = Date.now();
  const head = await eventStore.headPosition();

  const saveCheckpoint = async (): Promise<void> => {
    // Nothing deferred may be lost behind a checkpoint: settle it first.
    await context.deferred?.settle();
    if (savedPosition === position) return;
    savedPosition = position;
    await checkpoints.replaceOne({ _id: checkpointId(shard) }, { _id: checkpointId(shard), position, shard: `${shard.index}/${shard.count}` }, { upsert: true });
  };

  const release = (): void => {
    for (const waiter of waiters) {
      if (waiter.position <= position) {
        waiters.delete(waiter);
        waiter.resolve(true);
      }
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
        if (!projection.handles.has(event.type)) continue;
        try {
          await projection.apply(event, context);
        } catch (error) {
          // One bad event must not stop every read model; it is logged and skipped.
          options.onError?.(error, event);
        }
      }
    }
    position = event.position;
    if (isCaughtUp || position - savedPosition >= CATCH_UP_BATCH) await saveCheckpoint();
    release();
    if (!isCaughtUp && options.onProgress && Date.now() - lastProgress > 1000) {
      lastProgress = Date.now();
      options.onProgress(position, head);
    }
  };

  const subscription: Subscription = eventStore.subscribeToAll({
    fromPosition: position,
    onEvent,
    onError: (error) => options.onError?.(error, undefined as unknown as RecordedEvent),
  });

  const caughtUp = subscription.caughtUp.then(async () => {
    await saveCheckpoint();
    delete context.deferred;
    isCaughtUp = true;
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
    async stop() {
      await subscription.stop();
      await saveCheckpoint();
      for (const waiter of waiters) waiter.resolve(false);
      waiters.clear();
    },
  };
}
