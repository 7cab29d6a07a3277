import Fastify, { type FastifyInstance } from 'fastify';
import { registerApiHygiene } from '@nightlight/infrastructure/http/api-hygiene';
import { frameworkErrorOptions } from '@nightlight/infrastructure/http/framework-errors';
import { noRouteMessage, registerErrorHandler } from '@nightlight/infrastructure/http/http-errors';
import { readersLocale, registerLocalizedAnswers } from '@nightlight/infrastructure/http/localized-answers';
import { registerRouteSchemas } from '@nightlight/infrastructure/http/route-schemas';
import type { CommandDeps } from './command-deps';
import { commandRoutes } from './command-routes';

/** command-api as its own HTTP service (the full stack); query-api forwards every write here. */
export async function buildCommandApp(deps: CommandDeps, logger: boolean | { level: string } = false): Promise<FastifyInstance> {
  // Behind query-api, which puts the client's address it saw in X-Forwarded-For (rate limits use
  // it). Only the peers TRUST_PROXY names (query-api's network) may say so; anyone else who reaches
  // this port is limited by its own address.
  const app = Fastify({ logger, bodyLimit: 64 * 1024, trustProxy: deps.config.TRUST_PROXY, ...frameworkErrorOptions() });
  registerRouteSchemas(app);
  registerErrorHandler(app);
  registerLocalizedAnswers(app, readersLocale(deps.readStore));
  registerApiHygiene(app);
  app.setNotFoundHandler((request, reply) => reply.status(404).send(noRouteMessage(request.method, request.url)));
  app.get('/healthz', async () => ({ status: 'ok' }));
  await app.register(commandRoutes(deps));
  return app;
}
