import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServices } from '../stack/service-supervisor';
import { freePort } from './support/service-process';

/**
 * `npm run stack` prints the URL only once every service answers ready, and stops when one of them
 * dies. Its supervision is checked here on the embedded services (the stack on PostgreSQL itself:
 * tests/faults/postgres-stack.e2e.spec.ts).
 */
describe('the stack supervisor', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nightlight-supervisor-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const { REDIS_URL: _shared, ...env } = process.env;

  it('waits until a service is ready, and reports none as stopped while it runs', async () => {
    const port = String(await freePort());
    const exits: string[] = [];
    const services = startServices([{ name: 'query-api', script: 'query-api/embedded/src/server.ts', env: { ...env, DATA_DIR: dataDir, PORT: port, HOST: '127.0.0.1', LOG_LEVEL: 'warn' }, readyUrl: `http://127.0.0.1:${port}/readyz` }], (name) => exits.push(name));
    try {
      await services.waitUntilReady(30_000);
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(ready.status).toBe(200);
    } finally {
      await services.stop();
    }
    expect(exits, 'stopping the stack is not a service dying').toEqual([]);
  });

  it('fails, naming the service, when one stops before it is ready', async () => {
    const port = String(await freePort());
    const exits: [string, number | null][] = [];
    const services = startServices(
      [{ name: 'command-api', script: 'command-api/src/server.ts', env: { ...env, DATA_DIR: dataDir, PORT: port, HOST: '127.0.0.1', MASTER_KEY: 'abc' }, readyUrl: `http://127.0.0.1:${port}/healthz` }],
      (name, code) => exits.push([name, code]),
    );
    try {
      await expect(services.waitUntilReady(30_000)).rejects.toThrow('command-api exited with code 1 before it was ready');
      expect(exits).toEqual([['command-api', 1]]);
    } finally {
      await services.stop();
    }
  });
});
