import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IMPORT_BODY_LIMIT_BYTES } from '@nightlight/domain/imports/import-request';

/** Request headers a write needs downstream (the language: units of a reader who chose none); anything else stays here. */
const FORWARDED_REQUEST_HEADERS = ['authorization', 'content-type', 'idempotency-key', 'x-correlation-id', 'user-agent', 'accept-language'];
const FORWARDED_RESPONSE_HEADERS = ['content-type', 'x-event-position', 'retry-after'];

/**
 * The full stack's write path: every non-GET /api request goes to the command-api process over
 * HTTP, and its answer (status, body, X-Event-Position) comes back unchanged.
 */
export function forwardWrites(commandApiUrl: string) {
  const base = commandApiUrl.replace(/\/$/, '');
  const forward = (timeoutMs: number) =>
    async function handler(request: FastifyRequest, reply: FastifyReply) {
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
        signal: AbortSignal.timeout(timeoutMs),
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
    };
  return async function register(app: FastifyInstance): Promise<void> {
    app.route({ method: ['POST', 'PUT', 'PATCH', 'DELETE'], url: '/api/*', handler: forward(15_000) });
    // An import carries a whole CSV file and logs every row of it: a larger body, and more time.
    for (const url of ['/api/children/:id/import', '/api/children/:id/import/preview']) {
      app.route({ method: 'POST', url, bodyLimit: IMPORT_BODY_LIMIT_BYTES, handler: forward(300_000) });
    }
  };
}
