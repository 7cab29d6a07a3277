import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IMPORT_BODY_LIMIT_BYTES } from '@nightlight/domain/imports/import-request';
import { parseIdParam } from '@nightlight/infrastructure/http/http-errors';
import type { CommandDeps } from '../command-deps';
import { entryImport } from '../commands/entry-import';
import { idempotentWrites } from '../idempotency';
import { correlationIdOf, sendWritten } from '../write-reply';

/** POST /api/children/:id/import/preview and /import: a CSV export of this app or of Baby Buddy into a child. */
export function importRoutes(deps: CommandDeps) {
  const imports = entryImport(deps);
  const idempotency = idempotentWrites(deps);
  const childIdOf = (request: FastifyRequest) => parseIdParam(request.params, 'Child not found');

  return async function register(app: FastifyInstance): Promise<void> {
    app.post('/api/children/:id/import/preview', { bodyLimit: IMPORT_BODY_LIMIT_BYTES }, async (request) => imports.preview(request.userId, childIdOf(request), request.body));

    app.post('/api/children/:id/import', { bodyLimit: IMPORT_BODY_LIMIT_BYTES }, async (request, reply) => {
      const actor = { userId: request.userId, correlationId: correlationIdOf(request), idempotent: await idempotency.begin(request) };
      const { summary, position } = await imports.run(actor, childIdOf(request), request.body);
      return sendWritten(reply, 200, summary, position);
    });
  };
}
