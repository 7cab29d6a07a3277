import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EntryKindDefinition } from '@nightlight/domain/entries/entry-kind-definition';
import { writtenOkSchema } from '@nightlight/domain/shared/answers.schemas';
import { parseIdParam } from '@nightlight/infrastructure/http/http-errors';
import { routeSchema } from '@nightlight/infrastructure/http/route-schemas';
import type { CommandDeps } from '../command-deps';
import { entryWrites } from '../commands/entry-writes';
import { idempotentWrites } from '../idempotency';
import { newEntityId, sendWritten, writeActorOf } from '../write-reply';

/** POST {path}, PUT and DELETE {path}/:id and POST {path}/:id/restore of one kind of entry: HTTP around the kind's writes. */
export function entryRoutes(deps: CommandDeps, definition: EntryKindDefinition) {
  const writes = entryWrites(deps, definition);
  const { path, notFound, commands, body, one, schemas } = definition;
  const { tag, written } = schemas;
  const tags = [tag];
  const writeErrors = [400, 404, 409, 422] as const;
  const logSchema = routeSchema({ summary: `Log a ${one}`, tags, body, answers: { 201: written }, errors: writeErrors });
  const correctSchema = routeSchema({ summary: `Correct a ${one}`, tags, body, answers: { 200: written }, errors: writeErrors });
  const deleteSchema = routeSchema({ summary: `Delete a ${one}`, tags, answers: { 200: writtenOkSchema }, errors: [404, 422] });
  const restoreSchema = routeSchema({
    summary: `Restore a deleted ${one}`,
    description: 'Undo of a deletion: the entry comes back as it was, by an event. Restoring one that is there changes nothing.',
    tags,
    answers: { 200: written },
    errors: [404, 409, 422],
  });
  const idempotency = idempotentWrites(deps);
  const actorOf = (request: FastifyRequest) => writeActorOf(idempotency, request);

  return async function register(app: FastifyInstance): Promise<void> {
    app.post(path, { schema: logSchema }, async (request, reply) => {
      const answer = await writes.write(await actorOf(request), request.body, newEntityId(request, request.userId, deps.newId), commands.log);
      return sendWritten(reply, 201, answer.view, answer.position);
    });

    app.put(`${path}/:id`, { schema: correctSchema }, async (request, reply) => {
      const id = parseIdParam(request.params, notFound);
      const answer = await writes.write(await actorOf(request), request.body, id, commands.correct);
      return sendWritten(reply, 200, answer.view, answer.position);
    });

    app.delete(`${path}/:id`, { schema: deleteSchema }, async (request, reply) => {
      const id = parseIdParam(request.params, notFound);
      const { position } = await writes.remove(await actorOf(request), id);
      return sendWritten(reply, 200, { ok: true }, position);
    });

    app.post(`${path}/:id/restore`, { schema: restoreSchema }, async (request, reply) => {
      const answer = await writes.restore(await actorOf(request), parseIdParam(request.params, notFound));
      return sendWritten(reply, 200, answer.view, answer.position);
    });
  };
}
