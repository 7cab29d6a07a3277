import { existsSync, renameSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadStore } from '@nightlight/infrastructure/ports/read-store';
import { readModelFile, readModelVersionsOnDisk, removeReadModelFile } from '@nightlight/infrastructure/read-store/read-model-files';
import { createSqliteReadStore } from '@nightlight/infrastructure/read-store/sqlite-read-store';
import { allProjections } from '@nightlight/projector/all-projections';
import { CHECKPOINTS_COLLECTION, checkpointId, startProjector, type CheckpointDocument } from '@nightlight/projector/projector-runner';
import { readModelVersion } from '@nightlight/projector/read-model-version';
import { freePort, startServiceProcess, type ServiceProcess } from '../api/support/service-process';
import { killServiceHard, prepareHardKill } from './support/kill-process-tree';
import { digestReadModels, recordingReadStore } from './support/read-model-hash';
import { buildVariedHistory, type VariedHistory } from './support/varied-history';

/**
 * The embedded read models live in a SQLite file, and the server is killed with SIGKILL while it
 * writes them: once while it projects a long log, once while a rebuild job builds a new version
 * beside the one that answers. After a restart they must equal a rebuild from position 0, and every
 * write the server confirmed must be there.
 */
const VERSION = readModelVersion(allProjections);
/** A version name no code has: the read models of the release before this one. */
const EARLIER_VERSION = '000000000000';

describe('the embedded read models on disk, killed with SIGKILL', () => {
  let history: VariedHistory;
  let service: ServiceProcess | undefined;
  let port: number;

  beforeAll(async () => {
    history = await buildVariedHistory({ generatedChildren: 8, eventsPerChild: 8000 });
    // Built by the server that wrote the history: each test starts from the state it needs.
    for (const version of readModelVersionsOnDisk(history.dataDir)) await removeReadModelFile(history.dataDir, version);
    port = await freePort();
  }, 120_000);
  afterAll(async () => {
    if (service) await killServiceHard(service);
    await history?.close();
  });

  const start = (until: 'ready' | 'alive') => startServiceProcess('query-api/embedded/src/server.ts', { DATA_DIR: history.dataDir }, port, { until });
  const readiness = async () => (await (await fetch(`http://127.0.0.1:${port}/readyz`)).json()) as { position: number; head: number; rebuild?: { percent: number } };

  /** Polls /readyz until `reached` says so, then kills the server at once. */
  const killWhen = async (reached: (status: Awaited<ReturnType<typeof readiness>>) => boolean) => {
    const crash = prepareHardKill(service!);
    for (;;) {
      const status = await readiness();
      if (reached(status)) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    crash();
    await killServiceHard(service!);
    service = undefined;
  };

  const opened = (version: string): ReadStore => createSqliteReadStore({ file: readModelFile(history.dataDir, version), cacheDocuments: 1000 });

  const checkpointOf = async (version: string): Promise<CheckpointDocument | null> => {
    const store = opened(version);
    const checkpoint = await store.collection<CheckpointDocument>(CHECKPOINTS_COLLECTION).findOne({ _id: checkpointId({ index: 0, count: 1 }) });
    await store.close();
    return checkpoint;
  };

  /** The file's read models against a rebuild from 0 in memory, collection by collection. */
  const expectEqualToRebuild = async (version: string) => {
    const fresh = recordingReadStore();
    const projector = await startProjector({ eventStore: history.adapters.eventStore, projections: allProjections, context: { readStore: fresh, cipher: history.adapters.cipher } });
    await projector.caughtUp;
    await projector.stop();
    const expected = await digestReadModels(fresh, fresh.names());
    for (const name of ['children', 'timeline', 'daily_insights', 'users']) expect(expected[name]?.count, name).toBeGreaterThan(0);
    const store = opened(version);
    const actual = await digestReadModels(store, fresh.names());
    await store.close();
    expect(actual).toEqual(expected);
  };

  it('while projecting a long log: the restart takes up from the checkpoint and ends equal to a rebuild from 0', async () => {
    const head = await history.adapters.eventStore.headPosition();
    service = await start('alive');
    // Past the first checkpoints (one every 5,000 events), with most of the log still to go.
    await killWhen((status) => status.position >= head * 0.3);

    const checkpoint = await checkpointOf(VERSION);
    expect(checkpoint?.position, 'a checkpoint was committed before the kill').toBeGreaterThan(0);
    expect(checkpoint?.position).toBeLessThan(head);
    expect(checkpoint?.builtAt, 'not yet built').toBeUndefined();

    service = await start('ready');
    expect(await readiness()).toMatchObject({ position: head, head });
    await service.stop();
    service = undefined;
    await expectEqualToRebuild(VERSION);
  }, 120_000);

  it('while a rebuild job builds a new version: the old one answers meanwhile, and no confirmed write is lost', async () => {
    // The version just built stands for the release before this one.
    renameSync(readModelFile(history.dataDir, VERSION), readModelFile(history.dataDir, EARLIER_VERSION));
    service = await start('ready');
    const base = `http://127.0.0.1:${port}`;
    const signIn = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'ada@example.com', password: 'Correct horse 42' }) });
    expect(signIn.status).toBe(200);
    const { accessToken } = (await signIn.json()) as { accessToken: string };
    const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
    const [child] = (await (await fetch(`${base}/api/children`, { headers })).json()) as { id: string }[];
    expect(child).toBeDefined();

    // Confirmed by the old version while the new one is built: a feeding each 20 minutes, three days back.
    const confirmed: { id: string; position: number }[] = [];
    const writeOne = async () => {
      const start = Date.now() - 3 * 86_400_000 + confirmed.length * 20 * 60_000;
      const body = { childId: child!.id, startedAt: new Date(start).toISOString(), endedAt: new Date(start + 10 * 60_000).toISOString(), amountOz: 2, method: 'Bottle', type: 'Formula' };
      const answer = await fetch(`${base}/api/feedings`, { method: 'POST', headers, body: JSON.stringify(body) });
      expect(answer.status).toBe(201);
      confirmed.push((await answer.json()) as { id: string; position: number });
    };
    for (let i = 0; i < 5; i++) await writeOne();
    await killWhen((status) => {
      expect(status.rebuild, 'a rebuild job runs').toBeDefined();
      return status.rebuild!.percent >= 30;
    });
    expect(existsSync(readModelFile(history.dataDir, EARLIER_VERSION)), 'the old version is kept until the switch').toBe(true);
    const interrupted = await checkpointOf(VERSION);
    expect(interrupted?.position, 'the rebuild committed a checkpoint before the kill').toBeGreaterThan(0);
    expect(interrupted?.builtAt).toBeUndefined();

    // Restarted: the old version answers at once, takes writes, and the job goes on from its checkpoint.
    service = await start('ready');
    for (let i = 0; i < 5; i++) await writeOne();
    for (;;) {
      if (!(await readiness()).rebuild) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // The old file goes once the readers have switched, in the background.
    await expect.poll(() => readModelVersionsOnDisk(history.dataDir), { timeout: 10_000 }).toEqual([VERSION]);
    expect(confirmed).toHaveLength(10);
    for (const write of confirmed) {
      const read = await fetch(`${base}/api/feedings/${write.id}`, { headers: { ...headers, 'x-min-position': String(write.position) } });
      expect(read.status, `confirmed feeding ${write.id}`).toBe(200);
    }

    await service.stop();
    service = undefined;
    await expectEqualToRebuild(VERSION);
  }, 120_000);
});
