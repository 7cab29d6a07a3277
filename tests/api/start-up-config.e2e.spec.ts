import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './support/service-process';

/**
 * An operator who mistypes a setting reads one line naming the variable, not a stack trace, and
 * the process stops before it touches any store.
 */
describe('start-up with a bad setting', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nightlight-bad-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const start = (script: string, env: Record<string, string>) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(path.join(REPO_ROOT, 'node_modules/.bin/tsx'), [script], {
        cwd: REPO_ROOT,
        env: { PATH: process.env['PATH'] ?? '', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      // A process that started serving instead of stopping is stopped here and fails the test.
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      child.on('exit', (code) => {
        clearTimeout(timer);
        resolve({ code, output });
      });
    });

  it.each([
    ['query-api/src/server.ts', { MASTER_KEY: 'abc' }, 'query-api: Invalid configuration:\n  MASTER_KEY: must be base64 of exactly 32 bytes (openssl rand -base64 32)'],
    ['query-api/embedded/src/server.ts', { MASTER_KEY: 'abc' }, 'nightlight: Invalid configuration:\n  MASTER_KEY: must be base64 of exactly 32 bytes (openssl rand -base64 32)'],
    [
      'query-api/src/server.ts',
      {},
      "query-api: Invalid configuration:\n  READ_STORE: query-api on its own reads the projector workers' read models on a server (READ_STORE=postgres or mongo); the embedded default starts with npm start",
    ],
    ['projector/src/server.ts', { EVENT_STORE: 'postgres', READ_STORE: 'postgres' }, 'projector: Invalid configuration:\n  DATABASE_URL: is required when EVENT_STORE=postgres and READ_STORE=postgres (e.g. postgres://nightlight@db:5432/nightlight)'],
    ['command-api/src/server.ts', { EVENT_STORE: 'postgres', DATABASE_URL: 'mysql://db/nightlight' }, 'command-api: Invalid configuration:\n  DATABASE_URL: must be a postgres:// connection string'],
    [
      'query-api/src/server.ts',
      { READ_STORE: 'postgres', DATABASE_URL: 'postgres://127.0.0.1:1/nightlight' },
      'query-api: Invalid configuration:\n  COMMAND_API_URL: is required when READ_STORE=postgres (the command-api address, e.g. http://command-api:3001)',
    ],
    ['command-api/src/server.ts', { JWT_SECRET: 'short' }, 'command-api: Invalid configuration:\n  JWT_SECRET: must be base64 of at least 32 bytes (openssl rand -base64 32)'],
    [
      'query-api/src/server.ts',
      { READ_STORE: 'mongo', MONGO_URL: 'mongodb://127.0.0.1:1' },
      'query-api: Invalid configuration:\n  COMMAND_API_URL: is required when READ_STORE=mongo (the command-api address, e.g. http://command-api:3001)',
    ],
  ])('%s with %j stops with the message and no stack trace', async (script, env, message) => {
    const { code, output } = await start(script, env);
    expect(code).toBe(1);
    expect(output.trim()).toBe(message);
  });
});
