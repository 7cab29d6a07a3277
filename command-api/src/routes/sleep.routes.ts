import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { decideSleep, type SleepCommand } from '@nightlight/domain/sleeps/sleep.decider';
import { evolveSleep, initialSleepState, type SleepEvent, type SleepState } from '@nightlight/domain/sleeps/sleep.events';
import { checkSleep } from '@nightlight/domain/sleeps/sleep-rules';
import { timelineApiView, timelineDocument } from '@nightlight/domain/read-models/timeline/timeline-document';
import { sleepStreamId } from '@nightlight/domain/shared/stream-ids';
import { parseIdParam, parseInput } from '@nightlight/infrastructure/http/http-errors';
import type { CommandDeps } from '../command-deps';
import { handleCommand, type Decider } from '../command-handler';
import { loadOwnedChild } from '../commands/child-access';
import { assertNoOverlap } from '../commands/overlap-check';
import { correlationIdOf, newEntityId, sendWritten } from '../write-reply';

const sleepDecider: Decider<SleepCommand, SleepState, SleepEvent> = {
  initialState: initialSleepState,
  evolve: evolveSleep,
  decide: decideSleep,
};

const isoInstant = (name: string) =>
  z.string({ error: `${name} is required` }).refine((value) => !Number.isNaN(Date.parse(value)) && /^\d{4}-\d{2}-\d{2}T/.test(value), `${name} must be an ISO date and time`);

const sleepBody = z.object({
  childId: z.string({ error: 'childId is required' }).uuid('Child not found'),
  startedAt: z.string({ error: 'Date and time is required' }).min(1, 'Date and time is required').pipe(isoInstant('Date and time')),
  endedAt: z.string({ error: 'Duration is required' }).min(1, 'Duration is required').pipe(isoInstant('endedAt')),
  environment: z
    .object({
      roomTemp: z.number({ error: 'Room temperature must be a number' }).nullable().optional(),
      whiteNoise: z.boolean({ error: 'White noise must be true or false' }).default(false),
      sleepSackTag: z.string().max(40, 'Sleep sack must be 40 characters or less').nullable().optional(),
    })
    .nullable()
    .optional(),
  notes: z.string().max(1000, 'Notes must be 1000 characters or less').nullable().optional(),
});

export function sleepRoutes(deps: CommandDeps) {
  const { eventStore, readStore, cipher, clock, newId } = deps;

  async function decide(command: SleepCommand, userId: string, correlationId: string) {
    const streamId = sleepStreamId(command.data.sleepId);
    return handleCommand(eventStore, streamId, sleepDecider, command, { userId, correlationId, now: clock(), newId });
  }

  async function prepare(request: { body: unknown; userId: string }, sleepId: string) {
    const body = parseInput(sleepBody, request.body);
    const child = await loadOwnedChild(eventStore, body.childId, request.userId);
    const checked = checkSleep({ ...body, environment: body.environment ? { roomTemp: body.environment.roomTemp ?? null, whiteNoise: body.environment.whiteNoise, sleepSackTag: body.environment.sleepSackTag ?? null } : null }, clock());
    await assertNoOverlap(readStore, { id: sleepId, childId: body.childId, kind: 'sleep', ...checked });
    const data = { sleepId, childId: body.childId, ownerId: request.userId, ...checked, notes: await cipher.seal(request.userId, checked.notes) };
    return { child, checked, data };
  }

  function view(sleepId: string, childId: string, ownerId: string, checked: ReturnType<typeof checkSleep>, timezone: string, position: number) {
    return timelineApiView(timelineDocument({ id: sleepId, kind: 'sleep', childId, ownerId, ...checked }, timezone, position));
  }

  return async function routes(app: FastifyInstance): Promise<void> {
    app.post('/api/sleep', async (request, reply) => {
      const sleepId = newEntityId(request, request.userId, newId);
      const { child, checked, data } = await prepare(request, sleepId);
      const result = await decide({ type: 'LogSleep', data }, request.userId, correlationIdOf(request));
      // A repeated Idempotency-Key answers with what was recorded the first time.
      const recorded = result.appended === 0 && result.state.details ? { ...result.state.details, notes: (await cipher.open(request.userId, result.state.details.notes)) ?? '' } : checked;
      return sendWritten(reply, 201, view(sleepId, data.childId, request.userId, recorded, child.profile.timezone, result.position), result.position);
    });

    app.put('/api/sleep/:id', async (request, reply) => {
      const sleepId = parseIdParam(request.params, 'Sleep session not found');
      const { child, checked, data } = await prepare(request, sleepId);
      const result = await decide({ type: 'CorrectSleep', data }, request.userId, correlationIdOf(request));
      return sendWritten(reply, 200, view(sleepId, data.childId, request.userId, checked, child.profile.timezone, result.position), result.position);
    });

    app.delete('/api/sleep/:id', async (request, reply) => {
      const sleepId = parseIdParam(request.params, 'Sleep session not found');
      const result = await decide({ type: 'DeleteSleep', data: { sleepId, ownerId: request.userId } }, request.userId, correlationIdOf(request));
      return sendWritten(reply, 200, { ok: true }, result.position);
    });
  };
}
