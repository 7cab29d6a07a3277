import { loadConfig } from '@nightlight/infrastructure/config/app-config';
import { runService } from '@nightlight/infrastructure/composition/run-service';
import { startEmbeddedServer } from './embedded-server';

/**
 * The embedded default's process: command-api, the projector and query-api in one, on the embedded
 * stores or PostgreSQL (or beside a command-api process when COMMAND_API_URL names one).
 */
await runService('nightlight', async () => {
  const config = loadConfig(process.env);
  const server = await startEmbeddedServer(config, {
    logger: { level: config.LOG_LEVEL },
    onProgress: (position, head) => console.log(`Building read models: ${position} of ${head} events`),
    log: (line) => console.log(line),
  });
  // /healthz and /readyz answer while the read models catch up; the URL is printed once the app works.
  server.ready.then(
    () => {
      console.log(`Nightlight is running at ${server.url}`);
      if (server.starterReferralCode) console.log(`Sign up with the referral code ${server.starterReferralCode} (mint more with: npm run referral -- create)`);
    },
    (error: unknown) => {
      console.error('nightlight: the read models could not be built from the event log', error);
      process.exit(1);
    },
  );
  return { close: () => server.close() };
});
