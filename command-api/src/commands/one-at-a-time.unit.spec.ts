import { describe, expect, it } from 'vitest';
import { OneAtATime } from './one-at-a-time';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('OneAtATime', () => {
  it('runs the work of one key in the order asked, each after the one before has finished, failed or not', async () => {
    const queue = new OneAtATime();
    const log: string[] = [];
    const step = (name: string, fails = false) => async () => {
      log.push(`${name} starts`);
      await tick();
      log.push(`${name} ends`);
      if (fails) throw new Error(name);
      return name;
    };
    const results = await Promise.allSettled([queue.run('child', step('a')), queue.run('child', step('b', true)), queue.run('child', step('c'))]);
    expect(log).toEqual(['a starts', 'a ends', 'b starts', 'b ends', 'c starts', 'c ends']);
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value : (result.reason as Error).message))).toEqual(['a', 'b', 'c']);
  });

  it('lets the work of other keys run meanwhile', async () => {
    const queue = new OneAtATime();
    const log: string[] = [];
    const step = (name: string) => async () => {
      log.push(`${name} starts`);
      await tick();
      log.push(`${name} ends`);
    };
    await Promise.all([queue.run('one', step('a')), queue.run('two', step('b'))]);
    expect(log).toEqual(['a starts', 'b starts', 'a ends', 'b ends']);
  });
});
