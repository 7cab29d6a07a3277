import { Redis } from 'ioredis';
import type { ChangeFeed, ChildChange } from '../ports/change-feed';

const CHANNEL = 'nightlight:child-changes';

/**
 * The full stack: projector workers publish, every query-api process subscribes. A subscribed Redis
 * connection can do nothing else, so publishing and listening each have their own, opened when first needed.
 */
export function createRedisChangeFeed({ redisUrl }: { redisUrl: string }): ChangeFeed {
  let publisher: Redis | null = null;
  let subscriber: Redis | null = null;
  const listeners = new Set<(change: ChildChange) => void>();

  const listen = () => {
    subscriber = new Redis(redisUrl, { maxRetriesPerRequest: null });
    subscriber.on('message', (_channel: string, message: string) => {
      const change = JSON.parse(message) as ChildChange;
      for (const listener of listeners) listener(change);
    });
    // ioredis subscribes again by itself after a reconnect.
    void subscriber.subscribe(CHANNEL).catch(() => undefined);
  };

  return {
    async publish(change) {
      publisher ??= new Redis(redisUrl, { maxRetriesPerRequest: 3 });
      await publisher.publish(CHANNEL, JSON.stringify(change));
    },
    subscribe(listener) {
      if (!subscriber) listen();
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      await Promise.all([publisher?.quit(), subscriber?.quit()].map((quit) => quit?.catch(() => undefined)));
    },
  };
}
