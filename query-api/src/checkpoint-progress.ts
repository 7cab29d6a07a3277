import type { EventStore } from '@nightlight/infrastructure/ports/event-store';
import type { ReadStore } from '@nightlight/infrastructure/ports/read-store';
import type { ProjectionProgress } from './query-deps';

const CHECKPOINTS_COLLECTION = 'checkpoints';
const POLL_INTERVAL_MS = 20;

/**
 * Progress of projector workers in other processes, read from the checkpoints they store. With
 * several shards the slowest one counts: a read may touch any child.
 */
export function checkpointProgress(readStore: ReadStore, eventStore: EventStore): ProjectionProgress {
  const checkpoints = readStore.collection<{ _id: string; position: number }>(CHECKPOINTS_COLLECTION);
  const reached = async (): Promise<number> => {
    const docs = await checkpoints.find({ _id: { $regex: '^projector/' } });
    return docs.length === 0 ? 0 : Math.min(...docs.map((doc) => doc.position));
  };
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
      const [position, head] = await Promise.all([reached(), eventStore.headPosition()]);
      return { position, head, ready: position >= head };
    },
  };
}
