import type { FastifyInstance } from 'fastify';
import { ENTRY_KIND_LIST } from '@nightlight/domain/entries/all-entry-kinds';
import { admitParents } from '@nightlight/infrastructure/http/authentication';
import type { CommandDeps } from './command-deps';
import { accountRoutes } from './routes/account.routes';
import { authRoutes } from './routes/auth.routes';
import { childRoutes } from './routes/children.routes';
import { entryRoutes } from './routes/entry-routes';
import { familyRoutes } from './routes/family.routes';
import { growthRoutes } from './routes/growth.routes';
import { importRoutes } from './routes/import.routes';
import { milestoneAlertRoutes } from './routes/milestone-alerts.routes';
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
      admitParents(parentScope, deps.tokens, deps.sessions);
      await parentScope.register(accountRoutes(deps));
      await parentScope.register(childRoutes(deps));
      await parentScope.register(familyRoutes(deps));
      // POST {path}, PUT and DELETE {path}/:id of every kind of entry.
      for (const kind of ENTRY_KIND_LIST) await parentScope.register(entryRoutes(deps, kind));
      await parentScope.register(growthRoutes(deps));
      await parentScope.register(timerRoutes(deps));
      await parentScope.register(importRoutes(deps));
      await parentScope.register(milestoneAlertRoutes(deps));
    });
  };
}
