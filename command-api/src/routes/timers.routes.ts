import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TIMER_NOT_FOUND } from '@nightlight/domain/timers/timer-rules';
import { z } from 'zod';
import { runningTimerConflictSchema, writtenTimerViewSchema } from '@nightlight/domain/read-models/timers/timer-view.schemas';
import { ENTRY_KINDS } from '@nightlight/domain/entries/all-entry-kinds';
import { errorAnswerSchema, writtenOkSchema } from '@nightlight/domain/shared/answers.schemas';
import { startTimerBody, stopTimerBody, switchSideBody } from '@nightlight/domain/timers/timer-request';
import { parseIdParam } from '@nightlight/infrastructure/http/http-errors';
import { routeSchema } from '@nightlight/infrastructure/http/route-schemas';
import type { CommandDeps } from '../command-deps';
import { timerCommands } from '../commands/timer-commands';
import { idempotentWrites } from '../idempotency';
import { newEntityId, sendWritten, writeActorOf } from '../write-reply';

const TAGS = ['Timers'];
const startSchema = routeSchema({
  summary: 'Start a timer',
  description: 'One timer of each kind runs per child. A feeding timer without a method is nursing, on the left unless `side` says otherwise.',
  tags: TAGS,
  body: startTimerBody,
  answers: { 201: writtenTimerViewSchema, 409: z.union([runningTimerConflictSchema, errorAnswerSchema]).describe('A timer of this kind already runs (its id), or another conflict.') },
  errors: [400, 404, 422],
});
const switchSideSchema = routeSchema({ summary: 'Switch a nursing timer to the other breast', tags: TAGS, body: switchSideBody, answers: { 200: writtenTimerViewSchema }, errors: [400, 404, 409] });
const stopSchema = routeSchema({
  summary: 'Stop a timer: log its feeding, sleep or pumping session',
  description: "The entry is logged through its kind's own rules and overlap check, from the timer's start to `endedAt` (when Stop was tapped) or now.",
  tags: TAGS,
  body: stopTimerBody,
  answers: { 201: z.union([ENTRY_KINDS.feeding.schemas.written, ENTRY_KINDS.sleep.schemas.written, ENTRY_KINDS.pumping.schemas.written]).describe('The entry the timer logged.') },
  errors: [400, 404, 409, 422],
});
const discardSchema = routeSchema({ summary: 'Discard a timer: nothing is logged', tags: TAGS, answers: { 200: writtenOkSchema }, errors: [404, 409] });

/** POST /api/timers, POST /api/timers/:id/switch-side and /stop, DELETE /api/timers/:id. */
export function timerRoutes(deps: CommandDeps) {
  const timers = timerCommands(deps);
  const idempotency = idempotentWrites(deps);
  const actorOf = (request: FastifyRequest) => writeActorOf(idempotency, request);
  const timerIdOf = (request: FastifyRequest) => parseIdParam(request.params, TIMER_NOT_FOUND);

  return async function register(app: FastifyInstance): Promise<void> {
    app.post('/api/timers', { schema: startSchema }, async (request, reply) => {
      const answer = await timers.start(await actorOf(request), request.body, newEntityId(request, request.userId, deps.newId));
      return sendWritten(reply, 201, answer.view, answer.position);
    });

    app.post('/api/timers/:id/switch-side', { schema: switchSideSchema }, async (request, reply) => {
      const answer = await timers.switchSide(await actorOf(request), timerIdOf(request), request.body);
      return sendWritten(reply, 200, answer.view, answer.position);
    });

    app.post('/api/timers/:id/stop', { schema: stopSchema }, async (request, reply) => {
      const answer = await timers.stop(await actorOf(request), timerIdOf(request), request.body);
      return sendWritten(reply, 201, answer.view, answer.position);
    });

    app.delete('/api/timers/:id', { schema: discardSchema }, async (request, reply) => {
      const { position } = await timers.discard(await actorOf(request), timerIdOf(request));
      return sendWritten(reply, 200, { ok: true }, position);
    });
  };
}
