import Fastify from 'fastify';
import { loadConfig } from '@nightlight/infrastructure/config/app-config';
import { createAdapters } from '@nightlight/infrastructure/composition/adapters';
import { runService } from '@nightlight/infrastructure/composition/run-service';
import { allProjections } from './all-projections';
import { startVersionedReadModels } from './versioned-read-models';

/**
 * A projector worker process of the full stack. PROJECTOR_SHARD=i/n makes it own the children whose
 * id hashes to shard i, with its own checkpoint, so several workers share the work in order.
 */
await runService('projector', async () => {
  const config = loadConfig();
  const [index, count] = config.PROJECTOR_SHARD.split('/').map(Number) as [number, number];
  const adapters = await createAdapters(config);
  const name = `projector ${index}/${count}`;
  const readModels = await startVersionedReadModels({
    store: adapters.readModelStore,
    eventStore: adapters.eventStore,
    projections: allProjections,
    cipher: adapters.cipher,
    shard: { index, count },
    onProgress: (position, head) => console.log(`${name}: ${position} of ${head}`),
    // Live updates: the query-api processes hear which children changed (through Redis).
    onSettled: (position, childIds) => void adapters.changeFeed.publish({ position, childIds: [...childIds] }).catch(() => undefined),
    onError: (error, event) => console.error(`${name}: event ${event?.position ?? '?'} (${event?.type ?? 'subscription'}) skipped by a failing projection`, error),
    onStall: (error, event) => console.warn(`${name}: read store unreachable at event ${event?.position ?? '-'}, retrying: ${String(error)}`),
    log: (line) => console.log(`${name}: ${line}`),
  });
  const { projector } = readModels;
  // Where the stored checkpoint says this shard stopped: a restart takes up there, not from the start.
  console.log(`${name}: taking up from position ${projector.position()}`);
  let ready = false;
  void projector.caughtUp.then(() => {
    ready = true;
  });
  // Health for the orchestrator: live while the process runs, ready once caught up.
  const health = Fastify();
  health.get('/healthz', async () => ({ status: 'ok', position: projector.position() }));
  health.get('/readyz', async (_request, reply) => {
    const stalledSince = projector.stalledSince();
    const ok = ready && stalledSince === null;
    const rebuild = readModels.rebuild();
    return reply
      .status(ok ? 200 : 503)
      .send({ ready: ok, position: projector.position(), ...(stalledSince && { stalledSince: stalledSince.toISOString() }), ...(rebuild && { rebuild }) });
  });
  const url = await health.listen({ port: config.PORT, host: config.HOST });
  return {
    url,
    async close() {
      await health.close();
      await readModels.close();
      await adapters.close();
    },
  };
});
