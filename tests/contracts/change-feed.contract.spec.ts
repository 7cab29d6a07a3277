import { afterEach, describe, expect, it } from 'vitest';
import { createInProcessChangeFeed } from '@nightlight/infrastructure/change-feed/in-process-change-feed';
import { createRedisChangeFeed } from '@nightlight/infrastructure/change-feed/redis-change-feed';
import type { ChangeFeed, ChildChange } from '@nightlight/infrastructure/ports/change-feed';

/**
 * The change feed port: what one side publishes, every subscriber on the other hears, in order; a
 * subscriber that stopped hears nothing more. In the full stack the two sides are separate
 * processes (a projector worker, query-api), each with its own connection.
 */
function changeFeedContract(name: string, open: () => { publisher: ChangeFeed; subscriber: ChangeFeed }) {
  describe(`change feed contract on ${name}`, () => {
    let feeds: { publisher: ChangeFeed; subscriber: ChangeFeed };
    afterEach(async () => {
      await feeds.publisher.close();
      if (feeds.subscriber !== feeds.publisher) await feeds.subscriber.close();
    });

    const until = async (condition: () => boolean) => {
      const deadline = Date.now() + 2000;
      while (!condition()) {
        if (Date.now() > deadline) throw new Error('timed out');
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };

    it('delivers every change to every subscriber, in the order published, and nothing after unsubscribing', async () => {
      feeds = open();
      const heard: ChildChange[][] = [[], []];
      const stopFirst = feeds.subscriber.subscribe((change) => heard[0]!.push(change));
      feeds.subscriber.subscribe((change) => heard[1]!.push(change));
      // A Redis subscription is ready once the server confirms it: publish until the first arrives.
      const childId = `c-${Math.random()}`;
      await until(() => {
        void feeds.publisher.publish({ position: 0, childIds: [childId] });
        return heard[0]!.length > 0;
      });
      const counted = () => heard[1]!.filter((change) => change.position > 0);
      await feeds.publisher.publish({ position: 5, childIds: [childId, 'other'] });
      await feeds.publisher.publish({ position: 7, childIds: [childId] });
      await until(() => counted().length >= 2);
      expect(counted()).toEqual([
        { position: 5, childIds: [childId, 'other'] },
        { position: 7, childIds: [childId] },
      ]);
      stopFirst();
      await feeds.publisher.publish({ position: 9, childIds: [childId] });
      await until(() => heard[1]!.some((change) => change.position === 9));
      expect(heard[0]!.some((change) => change.position === 9)).toBe(false);
    });
  });
}

changeFeedContract('one process', () => {
  const feed = createInProcessChangeFeed();
  return { publisher: feed, subscriber: feed };
});

const redisUrl = process.env['REDIS_URL'];
if (redisUrl) changeFeedContract('Redis, between two connections', () => ({ publisher: createRedisChangeFeed({ redisUrl }), subscriber: createRedisChangeFeed({ redisUrl }) }));
else console.log('SKIPPED change-feed contract on Redis: REDIS_URL not set');
