import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export { freePort } from '../../stack/free-port';

export interface ServiceProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts one service as a real process (a built `.js` bundle with node, a `.ts` source with tsx) and waits until it is ready: /readyz
 * answers 200 (query-api once its read models have caught up, a projector once it has), or, for a
 * service without /readyz (command-api), /healthz does. With `until: 'alive'`, /healthz is enough.
 */
export async function startServiceProcess(script: string, env: Record<string, string>, port: number, { until = 'ready' }: { until?: 'ready' | 'alive' } = {}): Promise<ServiceProcess> {
  // CI's REDIS_URL is not passed on: a service is embedded (SQLite sessions, in-process jobs) unless
  // the test gives it a Redis, else it would share queues and sessions with every other run.
  const { REDIS_URL: _shared, ...inherited } = process.env;
  const [command, args] = script.endsWith('.js') ? [process.execPath, ['--enable-source-maps', script]] : [path.join(REPO_ROOT, 'node_modules/.bin/tsx'), [script]];
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env: { ...inherited, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}:\n${output}`);
    const ok = await fetch(`${url}/${until === 'ready' ? 'readyz' : 'healthz'}`).then(
      (r) => r.ok || (r.status === 404 && fetch(`${url}/healthz`).then((health) => health.ok)),
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`${script} did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    child,
    url,
    output: () => output,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}
