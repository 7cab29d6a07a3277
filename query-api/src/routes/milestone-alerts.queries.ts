import type { FastifyInstance } from 'fastify';
import { activeAlert } from '@nightlight/domain/milestones/active-milestone-alert';
import { MILESTONE_ALERTS_COLLECTION, type MilestoneAlertsDocument } from '@nightlight/domain/read-models/milestone-alerts/milestone-alerts-collection';
import { localDateOf } from '@nightlight/domain/time/zoned-time';
import { feedingAlertSchema } from '@nightlight/domain/milestones/milestone-alert.schemas';
import { HttpError, parseIdParam } from '@nightlight/infrastructure/http/http-errors';
import { answerTextsInReadersLanguage, readersLocale } from '@nightlight/infrastructure/http/localized-answers';
import { routeSchema } from '@nightlight/infrastructure/http/route-schemas';
import type { QueryDeps } from '../query-deps';
import { findOpenedChildAs } from './family-child';

const alertSchema = routeSchema({
  summary: "The feeding alert active now for a child (the child's local date)",
  tags: ['Milestone alerts'],
  answers: { 200: feedingAlertSchema },
  errors: [404],
});

/** The dashboard's feeding alert: the one alert active now for a child, judged at read time. */
export function milestoneAlertQueries({ readStore, cipher, clock }: QueryDeps) {
  return async function routes(app: FastifyInstance): Promise<void> {
    // The feeding guide's lines in the reader's language.
    const preSerialization = answerTextsInReadersLanguage(readersLocale(readStore), ['label', 'amountPerFeeding', 'feedingsPerDay', 'details']);
    app.get('/api/milestone-alerts/:id', { schema: alertSchema, preSerialization }, async (request) => {
      const childId = parseIdParam(request.params, 'Child not found');
      const { child } = await findOpenedChildAs(readStore, cipher, childId, request.userId);
      const doc = await readStore.collection<MilestoneAlertsDocument>(MILESTONE_ALERTS_COLLECTION).findOne({ _id: childId });
      // Snoozes end and windows close with time alone, so activity is decided now, not when projected.
      // The windows come from the child's birth date: alerts record none.
      const now = clock();
      const alert = doc && activeAlert(doc.state, child.birthDate, now, localDateOf(now, doc.timezone));
      if (!alert) throw new HttpError(404, 'No active alert');
      return alert;
    });
  };
}
