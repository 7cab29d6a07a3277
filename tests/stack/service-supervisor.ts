import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const POLL_MS = 250;

export interface ServiceSpec {
  name: string;
  /** A service entry point, run with tsx from the repository root. */
  script: string;
  env: NodeJS.ProcessEnv;
  /** Answers 2xx once the service can take traffic (/readyz, or /healthz for a service without one). */
  readyUrl: string;
}

export interface RunningServices {
  /** Resolves when every service is ready; rejects, naming the service, if one exits first or the time runs out. */
  waitUntilReady(timeoutMs: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the full stack's services as local processes and watches them: a service that exits on
 * its own is reported through onExit (the stack is useless without it), and readiness is awaited
 * before anyone is told the URL.
 */
export function startServices(specs: readonly ServiceSpec[], onExit: (name: string, code: number | null, signal: NodeJS.Signals | null) => void): RunningServices {
  let stopping = false;
  const exited = new Map<string, string>();
  const children: ChildProcess[] = specs.map((spec) => {
    // tsx passes SIGTERM on to the service it runs, so stop() reaches the service itself.
    const child = spawn(path.join(REPO_ROOT, 'node_modules/.bin/tsx'), [spec.script], { cwd: REPO_ROOT, env: spec.env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('exit', (code, signal) => {
      exited.set(spec.name, signal ? `was killed by ${signal}` : `exited with code ${code}`);
      if (!stopping) onExit(spec.name, code, signal);
    });
    return child;
  });

  const isReady = (url: string) => fetch(url, { signal: AbortSignal.timeout(2000) }).then((response) => response.ok, () => false);

  return {
    async waitUntilReady(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      const pending = new Set(specs);
      while (pending.size > 0) {
        for (const spec of pending) {
          const gone = exited.get(spec.name);
          if (gone) throw new Error(`${spec.name} ${gone} before it was ready`);
          if (await isReady(spec.readyUrl)) pending.delete(spec);
        }
        if (pending.size === 0) break;
        if (Date.now() > deadline) throw new Error(`${[...pending].map((spec) => spec.name).join(', ')} not ready after ${Math.round(timeoutMs / 1000)} s`);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    },
    async stop() {
      stopping = true;
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}
