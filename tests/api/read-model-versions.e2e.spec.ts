import { readdirSync } from 'node:fs';
import path from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '@nightlight/infrastructure/config/app-config';
import type { EventStore } from '@nightlight/infrastructure/ports/event-store';
import { allProjections } from '@nightlight/projector/all-projections';
import { readModelVersion } from '@nightlight/projector/read-model-version';
import { startEmbeddedServer, type EmbeddedOptions, type EmbeddedServer } from '@nightlight/embedded/embedded-server';
import { generateFamilies } from '../bench/support/generate-families';
import * as timelineV2 from './support/timeline-v2.projections';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * The embedded default keeps its read models in a SQLite file per version of the projections: a
 * restart takes them up where they were, and a new version is built beside the old one, which keeps
 * answering (and being updated) until readers switch to the new one in one step.
 */
let first: TestServer | undefined;
let restarted: EmbeddedServer | undefined;
/** Holds the rebuild job back until released. */
let releaseRebuild = () => {};
afterEach(async () => {
  releaseRebuild();
  await restarted?.close();
  restarted = undefined;
  await first?.close();
  first = undefined;
});

const restart = async (dataDir: string, options: EmbeddedOptions = {}) => {
  restarted = await startEmbeddedServer(loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir }), { webDist: path.join(dataDir, 'no-web'), ...options });
  await restarted.ready;
  return restarted;
};

const call = async (server: EmbeddedServer, method: string, pathname: string, token?: string, body?: unknown) => {
  const response = await fetch(`${server.url}${pathname}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: await response.json() };
};

const TIMELINE_V2 = new URL('./support/timeline-v2.projections.ts', import.meta.url).href;

const readModelFiles = (dataDir: string) => readdirSync(dataDir).filter((name) => /^read-models-[0-9a-f]+\.sqlite$/.test(name)).sort();

/** Records where each subscription to the log starts. */
const recordingStarts = (starts: number[]) => (eventStore: EventStore): EventStore => ({
  ...eventStore,
  subscribeToAll(options) {
    starts.push(options.fromPosition ?? 0);
    return eventStore.subscribeToAll(options);
  },
});

const bottle = (childId: string, minutesAgo: number, notes: string) => {
  const start = Date.now() - minutesAgo * 60_000;
  return { childId, startedAt: new Date(start).toISOString(), endedAt: new Date(start + 15 * 60_000).toISOString(), amountOz: 3, method: 'Bottle', type: 'Formula', notes };
};

describe('the embedded read models on disk', () => {
  it('are taken up at a restart where the projector left them: nothing already projected is read again', async () => {
    first = await startTestServer();
    const token = await first.server.adapters.tokens.issueAccessToken(uuidv7());
    const child = await first.call('POST', '/api/children', { token, body: { displayName: 'Resumed', birthDate: '2026-06-01', sex: 'Female', timezone: 'UTC' } });
    expect((await first.call('POST', '/api/feedings', { token, body: bottle(child.body.id, 60, 'before the restart') })).status).toBe(201);
    await generateFamilies(first.server.adapters.eventStore, first.server.adapters.cipher, { children: 3, eventsPerChild: 2000 });
    const head = await first.server.adapters.eventStore.headPosition();
    expect(await first.server.projector.waitFor(head, 20_000)).toBe(true);
    await first.server.adapters.jobs.drained();
    const before = await first.call('GET', `/api/feedings?childId=${child.body.id}`, { token });
    await first.server.close();

    const starts: number[] = [];
    const server = await restart(first.dataDir, { projectorEventStore: recordingStarts(starts) });

    expect(starts).toEqual([head]);
    expect(await call(server, 'GET', '/readyz')).toMatchObject({ status: 200, body: { status: 'ready', position: head, head } });
    const after = await call(server, 'GET', `/api/feedings?childId=${child.body.id}`, token);
    expect(after).toEqual({ status: 200, body: before.body });
    expect(after.body.map((feeding: { notes: string }) => feeding.notes)).toEqual(['before the restart']);
    expect(readModelFiles(first.dataDir)).toEqual([`read-models-${readModelVersion(allProjections)}.sqlite`]);
  }, 60_000);

  it('build a new version beside the old one, which answers and follows new writes until readers switch in one step', async () => {
    first = await startTestServer();
    const token = await first.server.adapters.tokens.issueAccessToken(uuidv7());
    const child = await first.call('POST', '/api/children', { token, body: { displayName: 'Versioned', birthDate: '2026-06-01', sex: 'Male', timezone: 'UTC' } });
    expect((await first.call('POST', '/api/feedings', { token, body: bottle(child.body.id, 120, 'logged under version 1') })).status).toBe(201);
    // Version 1 has projected the whole log when the server stops: at the restart, what the old
    // version's projector applies (with the new projections) is only what is written meanwhile.
    expect(await first.server.projector.waitFor(await first.server.adapters.eventStore.headPosition(), 20_000)).toBe(true);
    await first.server.adapters.jobs.drained();
    await first.server.close();
    const oldVersion = readModelVersion(allProjections);

    // Version 2 of the timeline also keeps a read model version 1 never had: one document per timeline event.
    const newVersion = readModelVersion(timelineV2.projections);
    expect(newVersion).not.toBe(oldVersion);

    const rebuildStarts = new Promise<void>((resolve) => (releaseRebuild = resolve));
    const lines: string[] = [];
    const server = await restart(first.dataDir, { projectionsModule: TIMELINE_V2, rebuildStarts, log: (line) => lines.push(line) });
    const timelineEvents = server.readModels.readStore.collection('timeline_events');

    // Held back, the rebuild job has projected nothing: the old version answers, as ready.
    const readiness = await call(server, 'GET', '/readyz');
    expect(readiness).toMatchObject({ status: 200, body: { status: 'ready', rebuild: { version: newVersion, percent: 0 } } });
    expect(readModelFiles(first.dataDir)).toEqual([`read-models-${newVersion}.sqlite`, `read-models-${oldVersion}.sqlite`].sort());
    expect(server.readModels.version()).toBe(oldVersion);
    expect(await timelineEvents.countDocuments({})).toBe(0);
    const during = await call(server, 'POST', '/api/feedings', token, bottle(child.body.id, 60, 'logged during the rebuild'));
    expect(during.status).toBe(201);
    const listed = await fetch(`${server.url}/api/feedings?childId=${child.body.id}`, { headers: { authorization: `Bearer ${token}`, 'x-min-position': String(during.body.position) } });
    expect(((await listed.json()) as { notes: string }[]).map((feeding) => feeding.notes)).toEqual(['logged under version 1', 'logged during the rebuild']);

    releaseRebuild();
    await server.readModels.rebuilt;

    expect(server.readModels.version()).toBe(newVersion);
    // Handles taken before the switch read the new version: one document for each feeding logged.
    expect(await timelineEvents.countDocuments({})).toBe(2);
    expect(readModelFiles(first.dataDir)).toEqual([`read-models-${newVersion}.sqlite`]);
    const readyAfter = await call(server, 'GET', '/readyz');
    expect(readyAfter.status).toBe(200);
    expect(readyAfter.body).not.toHaveProperty('rebuild');
    const after = await call(server, 'GET', `/api/feedings?childId=${child.body.id}`, token);
    expect(after.body.map((feeding: { notes: string }) => feeding.notes)).toEqual(['logged under version 1', 'logged during the rebuild']);
    expect(lines).toContain(`Read models: answering from version ${oldVersion} while version ${newVersion} is built from the event log`);
    expect(lines).toContain(`Read models: version ${newVersion} built; version ${oldVersion} removed`);

    // Written after the switch, a feeding reaches the new version's own read model too.
    expect((await call(server, 'POST', '/api/feedings', token, bottle(child.body.id, 30, 'logged after the switch'))).status).toBe(201);
    await server.projector.waitFor(await server.adapters.eventStore.headPosition(), 5000);
    expect(await timelineEvents.countDocuments({})).toBe(3);
  }, 60_000);
});
