import type { FastifyInstance } from 'fastify';
import { requireParent } from '@nightlight/infrastructure/http/authentication';
import type { CommandDeps } from './command-deps';
import { accountRoutes } from './routes/account.routes';
import { authRoutes } from './routes/auth.routes';
import { childRoutes } from './routes/children.routes';
import { diaperRoutes } from './routes/diapers.routes';
import { familyRoutes } from './routes/family.routes';
import { growthRoutes } from './routes/growth.routes';
import { importRoutes } from './routes/import.routes';
import { feedingRoutes } from './routes/feedings.routes';
import { pumpingRoutes } from './routes/pumpings.routes';
import { milestoneAlertRoutes } from './routes/milestone-alerts.routes';
import { sleepRoutes } from './routes/sleep.routes';
import { timerRoutes } from './routes/timers.routes';

/**
 * Every write route of the API. query-api registers this plugin in-process in the embedded default;
 * in the full stack it runs in its own process (server.ts) and query-api forwards writes to it.
 */
export function commandRoutes(deps: CommandDeps) {
  return async function register(app: FastifyInstance): Promise<void> {
    // Sign-up, sign-in and refresh are the only writes without a parent token.
    await app.register(authRoutes(deps));
    await app.register(async (parentScope) => {
      parentScope.addHook('preHandler', requireParent(deps.tokens, deps.sessions));
      await parentScope.register(accountRoutes(deps));
      await parentScope.register(childRoutes(deps));
      await parentScope.register(familyRoutes(deps));
      await parentScope.register(feedingRoutes(deps));
      await parentScope.register(sleepRoutes(deps));
      await parentScope.register(diaperRoutes(deps));
      await parentScope.register(pumpingRoutes(deps));
      await parentScope.register(growthRoutes(deps));
      await parentScope.register(timerRoutes(deps));
      await parentScope.register(importRoutes(deps));
      await parentScope.register(milestoneAlertRoutes(deps));
    });
  };
}
