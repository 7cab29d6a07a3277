import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { decideFeeding, type FeedingCommand } from '@nightlight/domain/feedings/feeding.decider';
import { evolveFeeding, initialFeedingState, type FeedingEvent, type FeedingState } from '@nightlight/domain/feedings/feeding.events';
import { checkFeeding } from '@nightlight/domain/feedings/feeding-rules';
import { timelineApiView, timelineDocument } from '@nightlight/domain/read-models/timeline/timeline-document';
import { feedingStreamId } from '@nightlight/domain/shared/stream-ids';
import { parseIdParam, parseInput } from '@nightlight/infrastructure/http/http-errors';
import type { CommandDeps } from '../command-deps';
import { handleCommand, type Decider } from '../command-handler';
import { loadOwnedChild } from '../commands/child-access';
import { assertNoOverlap } from '../commands/overlap-check';
import { correlationIdOf, newEntityId, sendWritten } from '../write-reply';

const feedingDecider: Decider<FeedingCommand, FeedingState, FeedingEvent> = {
  initialState: initialFeedingState,
  evolve: evolveFeeding,
  decide: decideFeeding,
};

const isoInstant = (name: string) =>
  z.string({ error: `${name} is required` }).refine((value) => !Number.isNaN(Date.parse(value)) && /^\d{4}-\d{2}-\d{2}T/.test(value), `${name} must be an ISO date and time`);

const feedingBody = z.object({
  childId: z.string({ error: 'childId is required' }).uuid('Child not found'),
  startedAt: z.string({ error: 'Date and time is required' }).min(1, 'Date and time is required').pipe(isoInstant('Date and time')),
  endedAt: isoInstant('endedAt').nullable().optional(),
  amountOz: z.number({ error: 'Amount must be a number' }).nullable().optional(),
  method: z.enum(['Bottle', 'Nursing'], { error: 'Method must be Bottle or Nursing' }),
  type: z.enum(['Breast Milk', 'Formula'], { error: 'Feeding type must be Breast Milk or Formula' }).nullable().optional(),
  notes: z.string().max(1000, 'Notes must be 1000 characters or less').nullable().optional(),
});

export function feedingRoutes(deps: CommandDeps) {
  const { eventStore, readStore, cipher, clock, newId } = deps;

  async function decide(command: FeedingCommand, userId: string, correlationId: string) {
    const streamId = feedingStreamId(command.data.feedingId);
    return handleCommand(eventStore, streamId, feedingDecider, command, { userId, correlationId, now: clock(), newId });
  }

  async function prepare(request: { body: unknown; userId: string }, feedingId: string) {
    const body = parseInput(feedingBody, request.body);
    const child = await loadOwnedChild(eventStore, body.childId, request.userId);
    const checked = checkFeeding(body, clock());
    await assertNoOverlap(readStore, { id: feedingId, childId: body.childId, kind: 'feeding', ...checked });
    const data = { feedingId, childId: body.childId, ownerId: request.userId, ...checked, notes: await cipher.seal(request.userId, checked.notes) };
    return { child, checked, data };
  }

  function view(feedingId: string, childId: string, ownerId: string, checked: ReturnType<typeof checkFeeding>, timezone: string, position: number) {
    return timelineApiView(timelineDocument({ id: feedingId, kind: 'feeding', childId, ownerId, ...checked }, timezone, position));
  }

  return async function routes(app: FastifyInstance): Promise<void> {
    app.post('/api/feedings', async (request, reply) => {
      const feedingId = newEntityId(request, request.userId, newId);
      const { child, checked, data } = await prepare(request, feedingId);
      const result = await decide({ type: 'LogFeeding', data }, request.userId, correlationIdOf(request));
      // A repeated Idempotency-Key answers with what was recorded the first time.
      const recorded = result.appended === 0 && result.state.details ? { ...result.state.details, notes: (await cipher.open(request.userId, result.state.details.notes)) ?? '' } : checked;
      return sendWritten(reply, 201, view(feedingId, data.childId, request.userId, recorded, child.profile.timezone, result.position), result.position);
    });

    app.put('/api/feedings/:id', async (request, reply) => {
      const feedingId = parseIdParam(request.params, 'Feeding not found');
      const { child, checked, data } = await prepare(request, feedingId);
      const result = await decide({ type: 'CorrectFeeding', data }, request.userId, correlationIdOf(request));
      return sendWritten(reply, 200, view(feedingId, data.childId, request.userId, checked, child.profile.timezone, result.position), result.position);
    });

    app.delete('/api/feedings/:id', async (request, reply) => {
      const feedingId = parseIdParam(request.params, 'Feeding not found');
      const result = await decide({ type: 'DeleteFeeding', data: { feedingId, ownerId: request.userId } }, request.userId, correlationIdOf(request));
      return sendWritten(reply, 200, { ok: true }, result.position);
    });
  };
}
