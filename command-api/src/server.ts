import { newId } from '@nightlight/infrastructure/ids/new-id';
import { loadConfig } from '@nightlight/infrastructure/config/app-config';
import { createAdapters } from '@nightlight/infrastructure/composition/adapters';
import { runService } from '@nightlight/infrastructure/composition/run-service';
import { seedReferralCodes } from './accounts/referral-codes';
import { buildCommandApp } from './command-app';
import { registerAccountDeletionJobs } from './jobs/account-deletion.job';
import { registerMilestoneJobs } from './jobs/milestone-scan.job';
import { registerTimerJobs } from './jobs/timer-maximum.job';
import type { CommandDeps } from './command-deps';

/** The full stack's command-api process. */
await runService('command-api', async () => {
  const config = loadConfig();
  const adapters = await createAdapters(config);
  const deps: CommandDeps = { ...adapters, config, clock: () => new Date(), newId };
  // In the full stack the job workers (milestone scans) run beside the write side that they append through.
  await registerMilestoneJobs(deps);
  await registerTimerJobs(deps);
  await registerAccountDeletionJobs(deps);
  await seedReferralCodes(deps);
  const app = await buildCommandApp(deps, { level: config.LOG_LEVEL });
  const url = await app.listen({ port: config.PORT, host: config.HOST });
  return {
    url,
    async close() {
      await app.close();
      await adapters.close();
    },
  };
});
