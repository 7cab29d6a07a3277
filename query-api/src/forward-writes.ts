import type { FastifyInstance } from 'fastify';

/** Request headers a write needs downstream; anything else (cookies, hop-by-hop) stays here. */
const FORWARDED_REQUEST_HEADERS = ['authorization', 'content-type', 'idempotency-key', 'x-correlation-id', 'user-agent'];
const FORWARDED_RESPONSE_HEADERS = ['content-type', 'x-event-position', 'retry-after'];

/**
 * The full stack's write path: every non-GET /api request goes to the command-api process over
 * HTTP, and its answer (status, body, X-Event-Position) comes back unchanged.
 */
export function forwardWrites(commandApiUrl: string) {
  const base = commandApiUrl.replace(/\/$/, '');
  return async function register(app: FastifyInstance): Promise<void> {
    app.route({
      method: ['POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/api/*',
      handler: async (request, reply) => {
        const headers: Record<string, string> = { 'x-forwarded-for': request.ip };
        for (const name of FORWARDED_REQUEST_HEADERS) {
          const value = request.headers[name];
          if (typeof value === 'string') headers[name] = value;
        }
        headers['x-correlation-id'] ??= request.id;
        const hasBody = request.body !== undefined && request.body !== null;
        if (!hasBody) delete headers['content-type'];
        const response = await fetch(`${base}${request.url}`, {
          method: request.method,
          headers,
          body: hasBody ? JSON.stringify(request.body) : undefined,
          signal: AbortSignal.timeout(15_000),
        }).catch((error: unknown) => {
          request.log.error({ err: error }, 'command-api unreachable');
          return null;
        });
        if (!response) return reply.status(503).header('retry-after', '5').send({ message: 'Saving is not possible right now. Nothing was saved; please try again shortly.' });
        for (const name of FORWARDED_RESPONSE_HEADERS) {
          const value = response.headers.get(name);
          if (value) reply.header(name, value);
        }
        return reply.status(response.status).send(await response.text());
      },
    });
  };
}
