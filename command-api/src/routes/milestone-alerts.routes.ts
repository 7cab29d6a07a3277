import type { FastifyInstance } from 'fastify';
import { evolveChildStream, initialChildStreamState, type ChildStreamState } from '@nightlight/domain/children/child-stream.decider';
import type { MilestoneAlertEvent } from '@nightlight/domain/milestones/milestone-alert';
import { decide, MilestoneAlertNotFound, type MilestoneAlertCommand } from '@nightlight/domain/milestones/milestone-alert-decider';
import { NotFoundError } from '@nightlight/domain/shared/domain-event';
import { childStreamId } from '@nightlight/domain/shared/stream-ids';
import { writtenOkSchema } from '@nightlight/domain/shared/answers.schemas';
import { HttpError, parseIdParam } from '@nightlight/infrastructure/http/http-errors';
import { routeSchema } from '@nightlight/infrastructure/http/route-schemas';
import type { CommandDeps } from '../command-deps';
import { handleCommand, type Decider } from '../command-handler';
import { isMember } from '../commands/child-access';
import { idempotentWrites } from '../idempotency';
import { correlationIdOf, sendWritten } from '../write-reply';

/** One answer for a malformed id, a child one is not a member of and an unknown alert: nothing is revealed. */
const ALERT_NOT_FOUND = 'Alert not found';

type ParentAlertCommand = Exclude<MilestoneAlertCommand, { type: 'RaiseDueMilestoneAlert' }>;

function parentAlertDecider(userId: string): Decider<ParentAlertCommand, ChildStreamState, MilestoneAlertEvent> {
  return {
    initialState: initialChildStreamState,
    evolve: evolveChildStream,
    decide(command, { child, alerts }) {
      // Every member of the child's family sees its alerts and may act on them.
      if (child.status !== 'active' || !child.members[userId]) throw new NotFoundError(ALERT_NOT_FOUND);
      try {
        return decide(command, alerts);
      } catch (error) {
        if (error instanceof MilestoneAlertNotFound) throw new NotFoundError(ALERT_NOT_FOUND);
        throw error;
      }
    },
  };
}

/** An alert id is `${childId}:${milestoneKey}:${alertType}`; the child's stream holds the alert. */
function parseAlertId(params: unknown): { alertId: string; childId: string } {
  const id = (params as { id?: unknown } | undefined)?.id;
  const [childPart, milestoneKey, alertType, ...rest] = typeof id === 'string' ? id.split(':') : [];
  if (!milestoneKey || !alertType || rest.length > 0) throw new HttpError(404, ALERT_NOT_FOUND);
  const childId = parseIdParam({ id: childPart }, ALERT_NOT_FOUND);
  return { alertId: `${childId}:${milestoneKey}:${alertType}`, childId };
}

const ACTIONS: Record<string, { type: ParentAlertCommand['type']; summary: string }> = {
  shown: { type: 'MarkMilestoneAlertShown', summary: 'Mark an alert shown (isNew becomes false)' },
  dismiss: { type: 'DismissMilestoneAlert', summary: "Dismiss an alert ('Got It'): never active again" },
  'remind-later': { type: 'SnoozeMilestoneAlert', summary: "Hide an alert for 24 hours ('Remind Me Later')" },
};

export function milestoneAlertRoutes(deps: CommandDeps) {
  const { eventStore, clock, newId } = deps;
  const idempotency = idempotentWrites(deps);
  return async function routes(app: FastifyInstance): Promise<void> {
    for (const [action, { type, summary }] of Object.entries(ACTIONS)) {
      const schema = routeSchema({ summary, description: 'The id is `{childId}:{milestoneKey}:{alertType}`, URL-encoded.', tags: ['Milestone alerts'], answers: { 200: writtenOkSchema }, errors: [404, 409, 422] });
      app.post(`/api/milestone-alerts/:id/${action}`, { schema }, async (request, reply) => {
        const { alertId, childId } = parseAlertId(request.params);
        const decider = parentAlertDecider(request.userId);
        const idempotent = await idempotency.begin(request);
        // The same 'Got It' sent again answers as the first time, not 409.
        const earlier = await idempotency.earlierResult(idempotent, childStreamId(childId), decider);
        if (earlier) {
          // A member removed since gets what any non-member gets.
          if (!(await isMember(eventStore, childId, request.userId))) throw new NotFoundError(ALERT_NOT_FOUND);
          return sendWritten(reply, 200, { ok: true }, earlier.position);
        }
        const now = clock();
        const result = await handleCommand(eventStore, childStreamId(childId), decider, { type, data: { alertId, now } }, {
          userId: request.userId,
          correlationId: correlationIdOf(request),
          now,
          newId,
          idempotency: idempotent,
        });
        return sendWritten(reply, 200, { ok: true }, result.position);
      });
    }
  };
}
