import { commandRoutes } from '@nightlight/command-api/command-routes';
import { loadConfig, queryApiConfigSchema } from '@nightlight/infrastructure/config/app-config';
import { createAdapters } from '@nightlight/infrastructure/composition/adapters';
import { runService } from '@nightlight/infrastructure/composition/run-service';
import { newId } from '@nightlight/infrastructure/ids/new-id';
import { checkpointProgress } from './checkpoint-progress';
import { buildEdgeApp, describeApi } from './edge-app';
import { startEmbeddedServer, WEB_DIST } from './embedded-server';
import { forwardWrites } from './forward-writes';
import { researchRoutes } from './routes/research.routes';

/**
 * query-api's process. With embedded read models (SQLite or memory) it projects them itself (the
 * embedded default, or beside a separate command-api); with MongoDB it reads what the projector
 * processes write.
 */
await runService('query-api', async () => {
  const config = loadConfig(process.env, queryApiConfigSchema);
  const logger = { level: config.LOG_LEVEL };
  if (config.READ_STORE !== 'mongo') {
    const server = await startEmbeddedServer(config, {
      logger,
      onProgress: (position, head) => console.log(`Building read models: ${position} of ${head} events`),
      log: (line) => console.log(line),
    });
    // /healthz and /readyz answer while the read models are rebuilt; the URL is printed once the app works.
    server.ready.then(
      () => {
        console.log(`Nightlight is running at ${server.url}`);
        if (server.starterReferralCode) console.log(`Sign up with the referral code ${server.starterReferralCode} (mint more with: npm run referral -- create)`);
      },
      (error: unknown) => {
        console.error('query-api: the read models could not be rebuilt from the event log', error);
        process.exit(1);
      },
    );
    return { close: () => server.close() };
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
