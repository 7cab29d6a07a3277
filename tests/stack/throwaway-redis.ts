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
  let problem: string | undefined;
  server.once('error', (error) => (problem = error.message));
  const stop = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    server.kill('SIGTERM');
    await exited;
  };
  for (let waited = 0; ; waited += 50) {
    if (problem || server.exitCode !== null) throw new Error(`Cannot start redis-server: ${problem ?? `it exited with ${server.exitCode}`}`);
    const probe = new Redis({ port, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => null });
    probe.on('error', () => undefined);
    const answered = await probe.connect().then(() => probe.ping(), () => null);
    probe.disconnect();
    if (answered === 'PONG') break;
    if (waited > 10_000) {
      await stop();
      throw new Error('redis-server did not answer within 10 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url: `redis://127.0.0.1:${port}`, stop };
}
