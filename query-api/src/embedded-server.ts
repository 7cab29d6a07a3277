import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { v7 as uuidv7 } from 'uuid';
import type { FastifyInstance } from 'fastify';
import { commandRoutes } from '@nightlight/command-api/command-routes';
import { registerMilestoneJobs } from '@nightlight/command-api/jobs/milestone-scan.job';
import { ensureStarterReferralCode, seedReferralCodes } from '@nightlight/command-api/accounts/referral-codes';
import type { AppConfig } from '@nightlight/infrastructure/config/app-config';
import { createAdapters, type Adapters } from '@nightlight/infrastructure/composition/adapters';
import { allProjections } from '@nightlight/projector/all-projections';
import { startProjector, type RunningProjector } from '@nightlight/projector/projector-runner';
import { buildEdgeApp } from './edge-app';
import { forwardWrites } from './forward-writes';
import type { ProjectionProgress, QueryDeps } from './query-deps';
import { researchRoutes } from './routes/research.routes';

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface EmbeddedServer {
  app: FastifyInstance;
  adapters: Adapters;
  projector: RunningProjector;
  url: string;
  /** A code minted on the very first start, when no referral code had ever been issued: print it for the operator. */
  starterReferralCode?: string;
  close(): Promise<void>;
}

export interface EmbeddedOptions {
  clock?: () => Date;
  logger?: boolean | { level: string };
  onProgress?: (position: number, head: number) => void;
  webDist?: string;
}

function embeddedProgress(projector: RunningProjector, adapters: Adapters, isReady: () => boolean): ProjectionProgress {
  return {
    waitFor: (position, timeoutMs) => projector.waitFor(position, timeoutMs),
    async status() {
      return { position: projector.position(), head: await adapters.eventStore.headPosition(), ready: isReady() };
    },
  };
}

/**
 * The embedded default: command-api, projector and query-api in one process, on a SQLite event log
 * with in-memory read models rebuilt from it at start.
 */
export async function startEmbeddedServer(config: AppConfig, options: EmbeddedOptions = {}): Promise<EmbeddedServer> {
  const clock = options.clock ?? (() => new Date());
  const adapters = await createAdapters(config, clock);
  const logger = options.logger ?? false;
  const projector = await startProjector({
    eventStore: adapters.eventStore,
    projections: allProjections,
    context: { readStore: adapters.readStore, cipher: adapters.cipher },
    onProgress: options.onProgress,
  });
  let ready = false;
  await projector.caughtUp;
  ready = true;

  const queryDeps: QueryDeps = {
    config,
    readStore: adapters.readStore,
    cipher: adapters.cipher,
    tokens: adapters.tokens,
    sessions: adapters.sessions,
    progress: embeddedProgress(projector, adapters, () => ready),
    clock,
  };
  const commandDeps = { ...adapters, config, clock, newId: () => uuidv7() };
  // After the catch-up, so the first sweep of milestone alerts sees every child.
  await registerMilestoneJobs(commandDeps);
  await seedReferralCodes(commandDeps);
  const starterReferralCode = await ensureStarterReferralCode(commandDeps);
  // Writes run in this process, or, when COMMAND_API_URL names a command-api process, go there over HTTP.
  const writes = config.COMMAND_API_URL ? forwardWrites(config.COMMAND_API_URL) : commandRoutes(commandDeps);
  const research = researchRoutes({ config, tokens: adapters.tokens, eventStore: adapters.eventStore, cipher: adapters.cipher });
  const app = await buildEdgeApp(queryDeps, { writes, research, webDist: options.webDist ?? WEB_DIST, logger });
  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const url = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');

  return {
    app,
    adapters,
    projector,
    url,
    ...(starterReferralCode ? { starterReferralCode } : {}),
    async close() {
      await app.close();
      await projector.stop();
      await adapters.close();
    },
  };
}
