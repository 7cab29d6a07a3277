import path from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '@nightlight/infrastructure/config/app-config';
import { startEmbeddedServer, type EmbeddedServer } from '@nightlight/embedded/embedded-server';
import { generateFamilies } from '../bench/support/generate-families';
import { projectorHold } from './support/held-projector';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Read models built from the log at start (in memory at every start; on SQLite the first time). The
 * server listens first, so an orchestrator sees it alive and how far it has got, and a parent who
 * opens the app early is told to wait instead of seeing an empty day.
 */
const STARTING_UP = { message: 'Starting up, please try again in a moment' };

let first: TestServer | undefined;
let restarted: EmbeddedServer | undefined;
afterEach(async () => {
  await restarted?.close();
  restarted = undefined;
  await first?.close();
  first = undefined;
});

const MEMORY = { READ_STORE: 'memory' };

const restart = async (dataDir: string, options: Parameters<typeof startEmbeddedServer>[1] = {}, env: Record<string, string> = MEMORY) => {
  restarted = await startEmbeddedServer(loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...env }), { webDist: path.join(dataDir, 'no-web'), ...options });
  return restarted;
};

const call = async (server: EmbeddedServer, method: string, pathname: string, token?: string, body?: unknown) => {
  const response = await fetch(`${server.url}${pathname}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
};

describe('start-up while the read models are rebuilt', () => {
  it('answers /healthz at once, /readyz and /api with 503 until caught up, then serves what the log holds', async () => {
    first = await startTestServer(MEMORY);
    const token = await first.server.adapters.tokens.issueAccessToken(uuidv7());
    const child = await first.call('POST', '/api/children', { token, body: { displayName: 'Early', birthDate: '2026-06-01', sex: 'Female', timezone: 'UTC' } });
    expect(child.status).toBe(201);
    await first.server.adapters.jobs.drained();
    const head = await first.server.adapters.eventStore.headPosition();
    await first.server.close();

    const hold = projectorHold();
    hold.hold();
    const server = await restart(first.dataDir, { projectorEventStore: hold.wrap });
    let ready = false;
    void server.ready.then(() => (ready = true));

    expect(await call(server, 'GET', '/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await call(server, 'GET', '/readyz')).toMatchObject({ status: 503, body: { status: 'catching-up', position: 0, head } });
    const read = await call(server, 'GET', '/api/children', token);
    expect(read).toMatchObject({ status: 503, body: STARTING_UP });
    expect(read.headers.get('retry-after')).toBe('1');
    const write = await call(server, 'POST', '/api/feedings', token, { childId: child.body.id, startedAt: new Date().toISOString(), method: 'Nursing' });
    expect(write).toMatchObject({ status: 503, body: STARTING_UP });
    expect(await call(server, 'POST', '/api/auth/login', undefined, { email: 'a@example.com', password: 'Wrong1password' })).toMatchObject({ status: 503, body: STARTING_UP });
    expect(await server.adapters.eventStore.headPosition()).toBe(head);
    expect(ready).toBe(false);

    hold.release();
    await server.ready;
    expect(await call(server, 'GET', '/readyz')).toMatchObject({ status: 200, body: { status: 'ready', position: head, head } });
    const children = await call(server, 'GET', '/api/children', token);
    expect(children.status).toBe(200);
    expect(children.body.map((listed: { id: string }) => listed.id)).toEqual([child.body.id]);
  });

  it('keeps answering /healthz and /readyz during a real rebuild of a long log', async () => {
    first = await startTestServer(MEMORY);
    await generateFamilies(first.server.adapters.eventStore, first.server.adapters.cipher, { children: 4, eventsPerChild: 2500, firstDay: '2025-01-01' });
    const head = await first.server.adapters.eventStore.headPosition();
    await first.server.close();

    const server = await restart(first.dataDir);
    let ready = false;
    void server.ready.then(() => (ready = true));
    const seenWhileRebuilding: { status: number; body: { status: string; position: number; head: number } }[] = [];
    while (!ready) {
      const answers = await Promise.all([call(server, 'GET', '/healthz'), call(server, 'GET', '/readyz')]);
      if (!ready) seenWhileRebuilding.push(answers[1]);
      expect(answers[0].status).toBe(200);
    }
    expect(seenWhileRebuilding.length, 'the rebuild let requests through').toBeGreaterThan(0);
    for (const answer of seenWhileRebuilding) {
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ status: 'catching-up', head });
      expect(answer.body.position).toBeLessThan(head);
    }
    expect(await call(server, 'GET', '/readyz')).toMatchObject({ status: 200, body: { status: 'ready', position: head, head } });
    console.log(`start-up-readiness: ${head} events rebuilt, ${seenWhileRebuilding.length} readiness answers while rebuilding`);
  }, 60_000);
});
