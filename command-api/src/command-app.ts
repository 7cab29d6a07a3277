import Fastify, { type FastifyInstance } from 'fastify';
import { noRouteMessage, registerErrorHandler } from '@nightlight/infrastructure/http/http-errors';
import type { CommandDeps } from './command-deps';
import { commandRoutes } from './command-routes';

/** command-api as its own HTTP service (the full stack); query-api forwards every write here. */
export async function buildCommandApp(deps: CommandDeps, logger: boolean | { level: string } = false): Promise<FastifyInstance> {
  // Behind query-api: the client's address arrives in X-Forwarded-For (rate limits use it).
  const app = Fastify({ logger, bodyLimit: 64 * 1024, trustProxy: true });
  registerErrorHandler(app);
  app.setNotFoundHandler((request, reply) => reply.status(404).send(noRouteMessage(request.method, request.url)));
  app.get('/healthz', async () => ({ status: 'ok' }));
  await app.register(commandRoutes(deps));
  return app;
}
