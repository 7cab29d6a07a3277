import { createHash } from 'node:crypto';
import type { EventStore, RecordedEvent, Subscription } from '@nightlight/infrastructure/ports/event-store';
import { ReadStoreUnavailableError, type Doc } from '@nightlight/infrastructure/ports/read-store';
import { childIdOf, DeferredWork, type Projection, type ProjectionContext } from './projection';
import { positionWaiters } from './position-waiters';
import { ensureReadModelIndexes } from './read-model-indexes';

export const CHECKPOINTS_COLLECTION = 'checkpoints';
const CHECKPOINT_PREFIX = 'projector/';
/** Events between settlements while catching up. */
const CATCH_UP_BATCH = 5000;
/**
 * Live, on the thread that answers requests, the read models are committed at most every
 * LIVE_COMMIT_GAP_MS: a settlement soon after a commit leaves its writes to a commit a few
 * milliseconds later. Readers there see what was settled at once all the same (they read through
 * the same connection), and a crash before the commit replays those events from the checkpoint
 * committed before. A commit after each settlement held that thread for about a tenth of its time
 * under load: each wrote the same pages of the timeline's indexes and the day's insights to the file
 * again. During a burst (an import) one every 200 ms held the loop for 57 ms at the median and up to
 * 0.6 s, one every 50 ms for 36 ms and up to 0.14 s. A projector on a thread of its own, whose
 * readers wait for its commits, commits at once when it has reached the log's head
 * (`publishAfterCommit`).
 */
const LIVE_COMMIT_GAP_MS = 50;
/** Waits between attempts while the read store cannot be reached: from the first to the longest. */
const RETRY_FIRST_MS = 100;
const RETRY_LONGEST_MS = 5000;

export interface CheckpointDocument extends Doc {
  position: number;
  shard: string;
  /** When the projector first caught up with the log: from then on its read models can answer. */
  builtAt?: string;
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
  /**
   * Live (after catching up): the position just published to readers, and the children whose read
   * models the events up to it changed. Live updates tell those children's families.
   */
  onSettled?: (position: number, childIds: ReadonlySet<string>) => void;
  /** The read store cannot be reached; the projector waits and retries the same work until it can. */
  onStall?: (error: unknown, event: RecordedEvent | undefined) => void;
  /**
   * Readers on another connection (a projector on a thread of its own) see only what is committed:
   * a position is published once the commit that covers it is made. Live, a settlement that reaches
   * the log's head is committed at once (a parent's write, read back); within a burst, at most
   * every LIVE_COMMIT_GAP_MS.
   */
  publishAfterCommit?: boolean;
  /** Each position published to readers, caught up or not. */
  onPublished?: (position: number) => void;
  /** See SubscribeOptions: a projector on a thread of its own takes a burst in larger slices. */
  liveSliceMs?: number;
}

export interface RunningProjector {
  readonly caughtUp: Promise<void>;
  /** The position up to which every projection, derived documents included, is up to date. */
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
 * that handles it, in order. Derived documents (daily insights) are computed once for all the events
 * that touch them: every CATCH_UP_BATCH events while catching up, and once live, after each delivery
 * of the events that arrived together (one group commit). Only then is the position published to
 * readers waiting for their write and saved as the checkpoint (projections are idempotent, so
 * replaying the events after a checkpoint is harmless).
 */
export async function startProjector(options: ProjectorOptions): Promise<RunningProjector> {
  const { eventStore, projections } = options;
  const deferred = new DeferredWork();
  const context: ProjectionContext = { ...options.context, deferred };
  let stopped = false;
  let stalledSince: Date | null = null;

  /**
   * An outage of the read store must not lose events: the work is tried again, with growing pauses,
   * until the store answers or the projector stops. Resolves false if it stopped first.
   */
  const untilReachable = async (work: () => Promise<unknown>, event?: RecordedEvent): Promise<boolean> => {
    for (let pause = RETRY_FIRST_MS; ; pause = Math.min(pause * 2, RETRY_LONGEST_MS)) {
      try {
        await work();
        stalledSince = null;
        return true;
      } catch (error) {
        if (!(error instanceof ReadStoreUnavailableError)) throw error;
        if (stopped) return false;
        stalledSince ??= new Date();
        options.onStall?.(error, event);
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    }
  };

  const shard = options.shard ?? { index: 0, count: 1 };
  const checkpoints = context.readStore.collection<CheckpointDocument>(CHECKPOINTS_COLLECTION);
  let stored: CheckpointDocument | null = null;
  await untilReachable(async () => {
    await ensureReadModelIndexes(context.readStore);
    stored = await checkpoints.findOne({ _id: checkpointId(shard) });
  });
  /** The last event applied; its derived documents may still be pending. */
  let position = (stored as CheckpointDocument | null)?.position ?? 0;
  /** Every document is up to date with the events up to here: what readers are told. */
  let settledPosition = position;
  let savedPosition = position;
  let builtAt = (stored as CheckpointDocument | null)?.builtAt ?? null;
  let savedBuiltAt = builtAt;
  let isCaughtUp = false;
  const waiters = positionWaiters();
  let lastProgress = Date.now();
  const head = await eventStore.headPosition();

  /** Computes the pending derived documents, then publishes and checkpoints the position they cover. */
  const settleOnce = async (): Promise<void> => {
    const reached = position;
    const changed = touched;
    touched = new Set();
    for (;;) {
      try {
        const settled = await untilReachable(() => deferred.settle((error) => error instanceof ReadStoreUnavailableError));
        if (!settled) return;
        break;
      } catch (error) {
        // A bug in one derived document: reported and dropped, and the others are still computed.
        options.onError?.(error, undefined);
      }
    }
    if (isCaughtUp) builtAt ??= new Date().toISOString();
    if (options.publishAfterCommit) {
      // Told once committed, with whatever else that commit covers.
      for (const childId of changed) unpublished.childIds.add(childId);
      unpublished.position = reached;
    } else {
      publish(reached, changed);
    }
    if (savedPosition !== reached || savedBuiltAt !== builtAt) {
      const checkpoint: CheckpointDocument = { _id: checkpointId(shard), position: reached, shard: `${shard.index}/${shard.count}`, ...(builtAt && { builtAt }) };
      // Committed with the documents it covers (on a store that commits: the embedded SQLite file).
      await untilReachable(async () => {
        await checkpoints.replaceOne({ _id: checkpoint._id }, checkpoint, { upsert: true });
        const sinceCommit = performance.now() - lastCommit;
        if (!isCaughtUp || sinceCommit >= LIVE_COMMIT_GAP_MS || (options.publishAfterCommit && (await eventStore.headPosition()) <= reached)) await commit();
        else commitLater ??= setTimeout(() => void commitInTurn(), LIVE_COMMIT_GAP_MS - sinceCommit).unref();
      });
      savedPosition = reached;
      savedBuiltAt = builtAt;
    }
    // Nothing waits for a commit put off: all of it is committed already.
    if (options.publishAfterCommit && !commitLater) publishCommitted();
  };
  /** After a commit, on a projector whose readers see only what is committed: what it covers. */
  let unpublished = { position: 0, childIds: new Set<string>() };
  const publishCommitted = (): void => {
    if (!options.publishAfterCommit || unpublished.position === 0) return;
    const { position: reached, childIds } = unpublished;
    unpublished = { position: 0, childIds: new Set() };
    publish(reached, childIds);
  };
  const publish = (reached: number, changed: ReadonlySet<string>): void => {
    settledPosition = Math.max(settledPosition, reached);
    waiters.reached(settledPosition);
    if (isCaughtUp && changed.size > 0) options.onSettled?.(reached, changed);
    // Last: a reader told of the position on another thread opens its live stream after the families were told.
    options.onPublished?.(settledPosition);
  };
  let lastCommit = -Infinity;
  let commitLater: NodeJS.Timeout | undefined;
  const commit = async (): Promise<void> => {
    clearTimeout(commitLater);
    commitLater = undefined;
    lastCommit = performance.now();
    await context.readStore.commit();
    publishCommitted();
  };
  /** A commit put off, made between settlements. */
  const commitInTurn = (): Promise<void> =>
    (settling = settling.then(async () => {
      await untilReachable(commit);
    }));
  // One settlement at a time, each covering what was applied before it began.
  let settling: Promise<void> = Promise.resolve();
  const settle = (): Promise<void> => (settling = settling.then(settleOnce));
  let settleScheduled = false;
  /** Live: settle once the events delivered together have all been applied. */
  const settleSoon = (): void => {
    if (settleScheduled) return;
    settleScheduled = true;
    setImmediate(() => {
      settleScheduled = false;
      void settle();
    });
  };

  /**
   * Any failure but an outage is a bug in one projection: it is reported and that projection skips
   * the event, so the other read models stay current. An outage is waited out on the same event.
   */
  const recover = async (projection: Projection, event: RecordedEvent, error: unknown): Promise<void> => {
    try {
      if (!(error instanceof ReadStoreUnavailableError)) throw error;
      await untilReachable(() => projection.apply(event, context), event);
    } catch (failure) {
      options.onError?.(failure, event);
    }
  };

  const mine = (event: RecordedEvent): boolean => {
    if (shard.count === 1) return true;
    const childId = childIdOf(event);
    // Account-level events (no child) belong to shard 0.
    return childId === null ? shard.index === 0 : shardOf(childId, shard.count) === shard.index;
  };

  /** Children whose read models changed since the last settlement. */
  let touched = new Set<string>();
  /**
   * Events applied since the last settlement while catching up. Counted, not read off positions:
   * positions grow by one per event in the SQLite log only (PostgreSQL's follow transaction ids,
   * EventStoreDB's bytes).
   */
  let sinceSettled = 0;

  const onEvent = async (event: RecordedEvent): Promise<void> => {
    if (mine(event)) {
      for (const projection of projections) {
        if (!projection.handles.has(event.type)) continue;
        if (isCaughtUp) {
          const childId = childIdOf(event);
          if (childId !== null) touched.add(childId);
        }
        try {
          await projection.apply(event, context);
        } catch (error) {
          await recover(projection, event, error);
        }
      }
    }
    if (stopped) return;
    position = event.position;
    if (isCaughtUp) return settleSoon();
    sinceSettled += 1;
    if (sinceSettled >= CATCH_UP_BATCH) {
      sinceSettled = 0;
      await settle();
    }
    if (options.onProgress && Date.now() - lastProgress > 1000) {
      lastProgress = Date.now();
      options.onProgress(position, head);
    }
  };

  const subscription: Subscription = eventStore.subscribeToAll({
    fromPosition: position,
    liveSliceMs: options.liveSliceMs,
    onEvent,
    onError: (error) => options.onError?.(error, undefined),
  });

  const caughtUp = subscription.caughtUp.then(async () => {
    isCaughtUp = true;
    await settle();
  });

  return {
    caughtUp,
    position: () => settledPosition,
    waitFor: (target, timeoutMs) => (target <= settledPosition ? Promise.resolve(true) : waiters.wait(target, timeoutMs)),
    stalledSince: () => stalledSince,
    async stop() {
      stopped = true;
      await subscription.stop();
      await settle();
      if (commitLater) await commitInTurn();
      waiters.abandon();
    },
  };
}
