import { newId } from '@nightlight/infrastructure/ids/new-id';
import type { FastifyInstance } from 'fastify';
import { commandRoutes } from '@nightlight/command-api/command-routes';
import { registerAccountDeletionJobs } from '@nightlight/command-api/jobs/account-deletion.job';
import { registerMilestoneJobs } from '@nightlight/command-api/jobs/milestone-scan.job';
import { registerTimerJobs } from '@nightlight/command-api/jobs/timer-maximum.job';
import { ensureStarterReferralCode, seedReferralCodes } from '@nightlight/command-api/accounts/referral-codes';
import { sharesReadModels, type AppConfig } from '@nightlight/infrastructure/config/app-config';
import { createAdapters, type Adapters } from '@nightlight/infrastructure/composition/adapters';
import { createAppendSignal } from '@nightlight/infrastructure/event-store/append-signal';
import type { EventStore } from '@nightlight/infrastructure/ports/event-store';
import { allProjections, PERSONAL_READ_MODELS } from '@nightlight/projector/all-projections';
import type { LiveReadModels } from '@nightlight/infrastructure/read-store/live-read-models';
import { startEmbeddedReadModels, startServerReadModels, type EmbeddedReadModels } from '@nightlight/projector/embedded-read-models';
import type { Projection } from '@nightlight/projector/projection';
import type { RunningProjector } from '@nightlight/projector/projector-runner';
import { buildEdgeApp, describeApi, type EdgeOptions } from '@nightlight/query-api/edge-app';
import { forwardWrites } from '@nightlight/query-api/forward-writes';
import type { ProjectionProgress, QueryDeps } from '@nightlight/query-api/query-deps';
import { researchRoutes } from '@nightlight/query-api/routes/research.routes';
import { WEB_DIST } from '@nightlight/query-api/web-dist';

export interface EmbeddedServer {
  app: FastifyInstance;
  adapters: Adapters;
  projector: RunningProjector;
  readModels: EmbeddedReadModels;
  url: string;
  /**
   * Resolves once the read models have caught up with the log and the jobs run. Until then the
   * server is listening: /healthz answers, /readyz says how far the rebuild is, /api answers 503.
   */
  readonly ready: Promise<void>;
  /** Once ready: a code minted on the very first start, when no referral code had ever been issued; print it for the operator. */
  readonly starterReferralCode: string | undefined;
  close(): Promise<void>;
}

export interface EmbeddedOptions {
  clock?: () => Date;
  logger?: boolean | { level: string };
  onProgress?: (position: number, head: number) => void;
  webDist?: string;
  /** Wraps the log the projector reads; tests hold it back to watch the server while it lags. */
  projectorEventStore?: (eventStore: EventStore) => EventStore;
  /** The rebuild job starts once this resolves; tests hold it back to watch the old version answer meanwhile. */
  rebuildStarts?: Promise<void>;
  /** A module exporting `projections` to run instead of every projection (tests give one a new version). */
  projectionsModule?: string;
  /** Lines about the read models' versions and a rebuild's progress. */
  log?: (line: string) => void;
  /** Called on the edge's app before anything is registered on it: tests add their hooks here. */
  instrument?: EdgeOptions['instrument'];
}

function embeddedProgress(readModels: EmbeddedReadModels, adapters: Adapters, isReady: () => boolean): ProjectionProgress {
  return {
    waitFor: (position, timeoutMs) => readModels.projector.waitFor(position, timeoutMs),
    async status() {
      const rebuild = readModels.rebuild();
      return { position: readModels.projector.position(), head: await adapters.eventStore.headPosition(), ready: isReady(), ...(rebuild && { rebuild }) };
    },
  };
}

/**
 * The embedded default: command-api, projector and query-api in one process, on a SQLite event log
 * with read models in a SQLite file beside it (or in memory, rebuilt at every start); or, configured
 * so, on the stores of the full stack (PostgreSQL), with this process as their one projector worker.
 */
export async function startEmbeddedServer(config: AppConfig, options: EmbeddedOptions = {}): Promise<EmbeddedServer> {
  const clock = options.clock ?? (() => new Date());
  const onServer = sharesReadModels(config);
  // The adapters' read store is the read models' own, which a rebuild switches to a new version;
  // the read models need the adapters' log and cipher first, hence the late binding.
  const late: { readModels?: EmbeddedReadModels } = {};
  // The projector's thread wakes on this process's appends through it.
  const appendSignal = createAppendSignal();
  const adapters = await createAdapters(
    config,
    clock,
    onServer
      ? undefined
      : {
          collection: (name) => late.readModels!.readStore.collection(name),
          dropCollections: (matching) => late.readModels!.readStore.dropCollections(matching),
          commit: () => late.readModels!.readStore.commit(),
          // Closed by close() below, before the event log its projectors read.
          close: async () => undefined,
        },
    appendSignal,
  );
  const logger = options.logger ?? false;
  const projections = options.projectionsModule ? ((await import(options.projectionsModule)) as { projections: readonly Projection[] }).projections : allProjections;
  const readModelOptions = {
    eventStore: adapters.eventStore,
    projections,
    cipher: adapters.cipher,
    projectorEventStore: options.projectorEventStore,
    rebuildStarts: options.rebuildStarts,
    onProgress: options.onProgress,
    onSettled: (position: number, childIds: ReadonlySet<string>) => void adapters.changeFeed.publish({ position, childIds: [...childIds] }),
    // A failing projection is a bug to fix; the event is skipped for that read model only.
    onError: (error: unknown, event: { position: number; type: string } | undefined) => console.error(`Read model update failed at event ${event?.position ?? '?'} (${event?.type ?? 'subscription'})`, error),
    log: options.log,
    appendSignal: appendSignal.memory,
  };
  const readModels = (late.readModels = onServer
    ? await startServerReadModels({ ...readModelOptions, store: adapters.readModelStore, readers: adapters.readStore as LiveReadModels })
    : await startEmbeddedReadModels({ ...readModelOptions, config, projectionsModule: options.projectionsModule, personalCollections: PERSONAL_READ_MODELS }));
  const projector = readModels.projector;
  let ready = false;
  let closed = false;

  const queryDeps: QueryDeps = {
    config,
    readStore: adapters.readStore,
    cipher: adapters.cipher,
    tokens: adapters.tokens,
    sessions: adapters.sessions,
    progress: embeddedProgress(readModels, adapters, () => ready),
    changeFeed: adapters.changeFeed,
    clock,
  };
  const commandDeps = { ...adapters, config, clock, newId };
  // Writes run in this process, or, when COMMAND_API_URL names a command-api process, go there over HTTP.
  const writes = config.COMMAND_API_URL ? forwardWrites(config.COMMAND_API_URL) : commandRoutes(commandDeps);
  const research = researchRoutes({ config, tokens: adapters.tokens, eventStore: adapters.eventStore, cipher: adapters.cipher, clock });
  // Forwarded writes are described by an edge that registers them here and never listens.
  const apiDocument = config.COMMAND_API_URL ? await describeApi(queryDeps, { writes: commandRoutes(commandDeps), research }) : undefined;
  const app = await buildEdgeApp(queryDeps, { writes, research, apiDocument, webDist: options.webDist ?? WEB_DIST, logger, startingUp: () => !ready, instrument: options.instrument });
  // Listening before the rebuild, so an orchestrator sees the process alive and how far it has got.
  const address = await app.listen({ port: config.PORT, host: config.HOST });
  // Listening on every interface, the address to open in a browser on this machine is localhost.
  const url = ['0.0.0.0', '::'].includes(config.HOST) ? `http://localhost:${new URL(address).port}` : address;

  let starterReferralCode: string | undefined;
  const becameReady = (async () => {
    await projector.caughtUp;
    if (closed) return;
    // After the catch-up, so the first sweeps see every child and every unfinished account deletion.
    await registerMilestoneJobs(commandDeps);
    await registerTimerJobs(commandDeps);
    await registerAccountDeletionJobs(commandDeps);
    await seedReferralCodes(commandDeps);
    starterReferralCode = (await ensureStarterReferralCode(commandDeps)) ?? undefined;
    ready = true;
  })();
  // The caller awaits it; a rebuild cut short by close() must not end the process as unhandled.
  becameReady.catch(() => undefined);

  return {
    app,
    adapters,
    projector,
    readModels,
    url,
    ready: becameReady,
    get starterReferralCode() {
      return starterReferralCode;
    },
    async close() {
      closed = true;
      await app.close();
      await readModels.close();
      await adapters.close();
    },
  };
}
