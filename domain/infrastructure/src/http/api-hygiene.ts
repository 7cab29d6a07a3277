import type { FastifyInstance } from 'fastify';
import { registerFrameworkAnswers } from './framework-errors';

export const JSON_ONLY_MESSAGE = 'Content-Type must be application/json';

/**
 * What every API answer and request share, in both apps that serve `/api` (query-api, and
 * command-api on its own in the full stack):
 * - no answer is kept by a browser's or a shared cache, nor by the back-forward cache: they carry
 *   a family's data, and a phone handed to someone else must not show it after signing out;
 * - a body is JSON or nothing: Fastify's text/plain parser is removed, so a `text/plain` (or any
 *   other) body is refused at the door with 415 before a route reads it;
 * - what the framework refuses before a route runs answers in the API's shape (`framework-errors.ts`,
 *   whose `frameworkErrorOptions` the app is created with).
 */
export function registerApiHygiene(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  registerFrameworkAnswers(app);
  // As the answer leaves, over whatever a route or plugin set (the reference page's files come with
  // their own); not async, so no answer waits a promise for it.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
