import { spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort } from './free-port';

export interface ThrowawayRedis {
  url: string;
  stop(): Promise<void>;
}

/** A Redis of its own on a free port of the loopback, keeping nothing on disk: for `npm run stack` and tests. */
export async function startThrowawayRedis(): Promise<ThrowawayRedis> {
  const port = await freePort();
  const server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const failed = new Promise<never>((_, reject) => server.once('error', (error) => reject(new Error(`Cannot start redis-server: ${error.message}`))));
  const probe = new Redis({ port, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => 50, maxRetriesPerRequest: null });
  probe.on('error', () => undefined);
  try {
    await Promise.race([probe.connect().then(() => probe.ping()), failed]);
  } finally {
    probe.disconnect();
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (server.exitCode !== null || server.signalCode !== null) return;
      server.kill('SIGTERM');
      await exited;
    },
  };
}
