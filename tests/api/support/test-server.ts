import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@nightlight/infrastructure/config/app-config';
import { startEmbeddedServer, type EmbeddedOptions, type EmbeddedServer } from '@nightlight/embedded/embedded-server';
import { answerChecker } from './answer-check';

export interface TestServer {
  server: EmbeddedServer;
  url: string;
  dataDir: string;
  /** A real HTTP call to the running server. */
  call(method: string, pathname: string, options?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; body: any; headers: Headers }>;
  restart(): Promise<void>;
  /** Stops the server; fails when any answer of its API routes did not match the schema its route declared. */
  close(): Promise<void>;
}

/** The embedded default on a random port, with its own temporary DATA_DIR (a real SQLite file). */
export async function startTestServer(
  env: Record<string, string> = {},
  options: Pick<EmbeddedOptions, 'clock' | 'webDist' | 'projectorEventStore' | 'instrument'> = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nightlight-test-'));
  // Every test signs up from 127.0.0.1: the per-IP limit is raised unless a test sets its own.
  const config = () => loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, REFERRAL_CODES: 'TEST42,FAMILY', RATE_LIMIT_PER_IP: '1000', ...env });
  // API tests need no web app; browser tests pass the built one.
  const webDist = options.webDist ?? path.join(dataDir, 'no-web');
  // Every answer is checked against the API description: the suites that use this server prove it.
  const answers = answerChecker();
  // Tests talk to a server that has caught up; tests of start-up itself call startEmbeddedServer.
  const start = async () => {
    const instrument: EmbeddedOptions['instrument'] = (app) => {
      answers.instrument(app);
      options.instrument?.(app);
    };
    const started = await startEmbeddedServer(config(), { clock: options.clock, webDist, projectorEventStore: options.projectorEventStore, instrument });
    await started.ready;
    return started;
  };
  let server = await start();
  /** The log's position of the last write answered (X-Event-Position). */
  let lastWrite = 0;

  const testServer: TestServer = {
    get server() {
      return server;
    },
    get url() {
      return server.url;
    },
    dataDir,
    async call(method, pathname, { token, body, headers = {} } = {}) {
      const response = await fetch(`${server.url}${pathname}`, {
        method,
        headers: {
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
          // As the web app does: a read waits until the read models have the writes answered before it.
          ...(method === 'GET' && lastWrite > 0 ? { 'x-min-position': String(Math.max(lastWrite, Number(headers['x-min-position'] ?? 0))) } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      lastWrite = Math.max(lastWrite, Number(response.headers.get('x-event-position') ?? 0));
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
    },
    async restart() {
      await server.close();
      server = await start();
    },
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (answers.mismatches.size > 0) {
        throw new Error(`Answers that do not match their route's declared schema (docs: GET /api/openapi.json):\n${[...answers.mismatches].join('\n')}`);
      }
    },
  };
  return testServer;
}
