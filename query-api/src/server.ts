import { commandRoutes } from '@nightlight/command-api/command-routes';
import { ConfigError, loadConfig, queryApiConfigSchema, sharesReadModels } from '@nightlight/infrastructure/config/app-config';
import { createAdapters } from '@nightlight/infrastructure/composition/adapters';
import { runService } from '@nightlight/infrastructure/composition/run-service';
import { newId } from '@nightlight/infrastructure/ids/new-id';
import { checkpointProgress } from './checkpoint-progress';
import { buildEdgeApp, describeApi } from './edge-app';
import { forwardWrites } from './forward-writes';
import { researchRoutes } from './routes/research.routes';
import { WEB_DIST } from './web-dist';

/**
 * The full stack's query-api process: the edge, reading the read models the projector workers write
 * to PostgreSQL or MongoDB and forwarding writes to command-api. The embedded default, where all
 * three run in one process, is composed in query-api/embedded.
 */
await runService('query-api', async () => {
  const config = loadConfig(process.env, queryApiConfigSchema);
  const logger = { level: config.LOG_LEVEL };
  if (!sharesReadModels(config)) {
    throw new ConfigError(
      "Invalid configuration:\n  READ_STORE: query-api on its own reads the projector workers' read models on a server (READ_STORE=postgres or mongo); the embedded default starts with npm start",
    );
  }
  const adapters = await createAdapters(config);
  const deps = { config, readStore: adapters.readStore, cipher: adapters.cipher, tokens: adapters.tokens, sessions: adapters.sessions, progress: checkpointProgress(adapters.readStore, adapters.eventStore), changeFeed: adapters.changeFeed, clock: () => new Date() };
  const research = researchRoutes({ config, tokens: adapters.tokens, eventStore: adapters.eventStore, cipher: adapters.cipher });
  // The writes run in command-api's process: they are described by an edge that registers them here and never listens.
  const apiDocument = await describeApi(deps, { writes: commandRoutes({ ...adapters, config, clock: deps.clock, newId }), research });
  const app = await buildEdgeApp(deps, { writes: forwardWrites(config.COMMAND_API_URL!), research, apiDocument, webDist: WEB_DIST, logger });
  const url = await app.listen({ port: config.PORT, host: config.HOST });
  return {
    url,
    async close() {
      await app.close();
      await adapters.close();
    },
  };
});
