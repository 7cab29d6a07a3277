import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TIMER_NOT_FOUND } from '@nightlight/domain/timers/timer-rules';
import { parseIdParam } from '@nightlight/infrastructure/http/http-errors';
import type { CommandDeps } from '../command-deps';
import type { EntryActor } from '../commands/entry-writes';
import { timerCommands } from '../commands/timer-commands';
import { idempotentWrites } from '../idempotency';
import { correlationIdOf, newEntityId, sendWritten } from '../write-reply';

/** POST /api/timers, POST /api/timers/:id/switch-side and /stop, DELETE /api/timers/:id. */
export function timerRoutes(deps: CommandDeps) {
  const timers = timerCommands(deps);
  const idempotency = idempotentWrites(deps);
  const actorOf = async (request: FastifyRequest): Promise<EntryActor> => ({
    userId: request.userId,
    correlationId: correlationIdOf(request),
    idempotent: await idempotency.begin(request),
  });
  const timerIdOf = (request: FastifyRequest) => parseIdParam(request.params, TIMER_NOT_FOUND);

  return async function register(app: FastifyInstance): Promise<void> {
    app.post('/api/timers', async (request, reply) => {
      const answer = await timers.start(await actorOf(request), request.body, newEntityId(request, request.userId, deps.newId));
      return sendWritten(reply, 201, answer.view, answer.position);
    });

    app.post('/api/timers/:id/switch-side', async (request, reply) => {
      const answer = await timers.switchSide(await actorOf(request), timerIdOf(request));
      return sendWritten(reply, 200, answer.view, answer.position);
    });

    app.post('/api/timers/:id/stop', async (request, reply) => {
      const answer = await timers.stop(await actorOf(request), timerIdOf(request), request.body);
      return sendWritten(reply, 201, answer.view, answer.position);
    });

    app.delete('/api/timers/:id', async (request, reply) => {
      const { position } = await timers.discard(await actorOf(request), timerIdOf(request));
      return sendWritten(reply, 200, { ok: true }, position);
    });
  };
}
