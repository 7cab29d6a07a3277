import type { EventStore } from '@nightlight/infrastructure/ports/event-store';
import type { ReadStore } from '@nightlight/infrastructure/ports/read-store';
import type { ProjectionProgress } from './query-deps';

const CHECKPOINTS_COLLECTION = 'checkpoints';
const POLL_INTERVAL_MS = 20;

/**
 * Progress of projector workers in other processes, read from the checkpoints they store. With
 * several shards the slowest one counts: a read may touch any child. The read models answer once
 * every shard has caught up with the log once (its checkpoint has `builtAt`), as the embedded
 * server's do: under a steady stream of writes the workers are always a little behind the head,
 * and a query-api started then must still become ready. A read that needs a write waits for it.
 */
export function checkpointProgress(readStore: ReadStore, eventStore: EventStore): ProjectionProgress {
  const checkpoints = readStore.collection<{ _id: string; position: number; builtAt?: string }>(CHECKPOINTS_COLLECTION);
  const shards = () => checkpoints.find({ _id: { $regex: '^projector/' } });
  const slowest = (docs: { position: number }[]) => (docs.length === 0 ? 0 : Math.min(...docs.map((doc) => doc.position)));
  const reached = async (): Promise<number> => slowest(await shards());
  return {
    async waitFor(position, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while ((await reached()) < position) {
        if (Date.now() >= deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
      }
      return true;
    },
    async status() {
      const [docs, head] = await Promise.all([shards(), eventStore.headPosition()]);
      return { position: slowest(docs), head, ready: docs.length > 0 && docs.every((doc) => doc.builtAt !== undefined) };
    },
  };
}
