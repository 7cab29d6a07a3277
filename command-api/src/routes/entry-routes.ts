import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseIdParam } from '@nightlight/infrastructure/http/http-errors';
import type { CommandDeps } from '../command-deps';
import { entryWrites, type EntryActor, type EntryKindRoutes, type EntryState } from '../commands/entry-writes';
import { idempotentWrites } from '../idempotency';
import { correlationIdOf, newEntityId, sendWritten } from '../write-reply';

/** POST {path}, PUT and DELETE {path}/:id of one kind of entry: HTTP around the kind's writes. */
export function entryRoutes<Command, State extends EntryState>(deps: CommandDeps, routes: EntryKindRoutes<Command, State>) {
  const writes = entryWrites(deps, routes);
  const { path, notFound, commands } = routes.definition;
  const idempotency = idempotentWrites(deps);
  const actorOf = async (request: FastifyRequest): Promise<EntryActor> => ({
    userId: request.userId,
    correlationId: correlationIdOf(request),
    idempotent: await idempotency.begin(request),
  });

  return async function register(app: FastifyInstance): Promise<void> {
    app.post(path, async (request, reply) => {
      const answer = await writes.write(await actorOf(request), request.body, newEntityId(request, request.userId, deps.newId), commands.log);
      return sendWritten(reply, 201, answer.view, answer.position);
    });

    app.put(`${path}/:id`, async (request, reply) => {
      const id = parseIdParam(request.params, notFound);
      const answer = await writes.write(await actorOf(request), request.body, id, commands.correct);
      return sendWritten(reply, 200, answer.view, answer.position);
    });

    app.delete(`${path}/:id`, async (request, reply) => {
      const id = parseIdParam(request.params, notFound);
      const { position } = await writes.remove(await actorOf(request), id);
      return sendWritten(reply, 200, { ok: true }, position);
    });
  };
}
