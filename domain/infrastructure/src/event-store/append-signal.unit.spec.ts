import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { createAppendSignal } from './append-signal';

describe('the append signal', () => {
  it('wakes a waiter on another thread at the bump, long before its time is up', async () => {
    const signal = createAppendSignal();
    // The other thread bumps the shared counter 50 ms from now; the wait would last 10 s.
    const thread = new Worker(
      `const { workerData } = require('node:worker_threads');
       const counter = new Int32Array(workerData);
       setTimeout(() => { Atomics.add(counter, 0, 1); Atomics.notify(counter, 0); }, 50);`,
      { eval: true, workerData: signal.memory },
    );
    const started = performance.now();
    await signal.next(10_000).promise;
    expect(performance.now() - started).toBeLessThan(5_000);
    await thread.terminate();
  });

  it('resolves after its time with no bump, and at once when cancelled', async () => {
    const signal = createAppendSignal();
    const started = performance.now();
    await signal.next(30).promise;
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
    const wait = signal.next(10_000);
    wait.cancel();
    await wait.promise;
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
