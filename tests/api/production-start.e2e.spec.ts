import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './support/service-process';
import { freePort } from '../stack/free-port';

/**
 * `npm start`, as the README has a new user run it, runs built JavaScript: no process it starts
 * carries tsx or a loader hook, and the server answers. The server runs in a child of the launcher,
 * with its heap's growth bounded, and ends cleanly with it.
 */
/** Every process below `pid`, with its command line, from /proc. */
function descendants(pid: number): { pid: number; args: string[] }[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name is in parentheses and may hold spaces; the parent id is the second field after it.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(parent, [...(parents.get(parent) ?? []), Number(entry)]);
    } catch {
      // Gone meanwhile.
    }
  }
  const found: { pid: number; args: string[] }[] = [];
  const visit = (parent: number) => {
    for (const child of parents.get(parent) ?? []) {
      try {
        found.push({ pid: child, args: readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0').filter(Boolean) });
      } catch {
        // Gone meanwhile.
      }
      visit(child);
    }
  };
  visit(pid);
  return found;
}

let started: ChildProcess;
let dataDir: string;
let url: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'nightlight-production-'));
  const port = await freePort();
  // Heap flags of the caller's own would keep the server in the launcher's process.
  const { REDIS_URL: _shared, NODE_OPTIONS: _own, ...inherited } = process.env;
  started = spawn('npm', ['start'], {
    cwd: REPO_ROOT,
    env: { ...inherited, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: 'ignore',
    detached: true,
  });
  url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (!(await fetch(`${url}/readyz`).then((response) => response.ok, () => false))) {
    if (Date.now() > deadline) throw new Error('npm start did not answer /readyz within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
});
afterAll(() => {
  if (started?.pid && started.exitCode === null) process.kill(-started.pid, 'SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start in production', () => {
  it('runs no TypeScript loader in any process it starts, and serves the app', async () => {
    const processes = [{ pid: started.pid!, args: readFileSync(`/proc/${started.pid}/cmdline`, 'utf8').split('\0') }, ...descendants(started.pid!)];
    const nodes = processes.filter(({ args }) => path.basename(args[0] ?? '') === 'node' || args[0] === process.execPath);
    for (const { args } of processes) {
      expect(args.join(' '), 'a tsx process').not.toMatch(/tsx/);
      expect(args.filter((arg) => ['--import', '--loader', '--experimental-loader', '--require', '-r'].includes(arg)), args.join(' ')).toEqual([]);
    }
    expect(nodes.some(({ args }) => args.includes('query-api/build/start.mjs'))).toBe(true);
    expect((await fetch(`${url}/healthz`).then((response) => response.json())) as unknown).toEqual({ status: 'ok' });
  });

  it('answers from a child of the launcher started with the heap growing by half at most and a young generation of 32 MiB halves', () => {
    const launcher = descendants(started.pid!).find(({ args }) => args.includes('query-api/build/start.mjs'))!;
    const servers = descendants(launcher.pid);
    expect(servers.map(({ args }) => args.slice(1).join(' '))).toEqual([expect.stringMatching(/^--heap-growing-percent=50 --max-semi-space-size=32 \S*query-api\/dist\/start\.js$/)]);
  });

  it('stops the server when the launcher is told to stop, and ends as it ends', async () => {
    const launcher = descendants(started.pid!).find(({ args }) => args.includes('query-api/build/start.mjs'))!;
    const [server] = descendants(launcher.pid);
    const ended = new Promise<number | null>((resolve) => started.once('exit', resolve));
    process.kill(launcher.pid, 'SIGTERM');
    // The server's own shutdown closes the stores and exits 0; npm passes the launcher's code on.
    expect(await ended).toBe(0);
    expect(() => process.kill(server!.pid, 0)).toThrow();
    expect(await fetch(`${url}/healthz`).then(() => 'answered', () => 'refused')).toBe('refused');
  });
});
