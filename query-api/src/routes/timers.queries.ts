import type { FastifyInstance } from 'fastify';
import { TIMELINE_COLLECTION, type KindDocument, type TimelineDocument } from '@nightlight/domain/read-models/timeline/timeline-document';
import { TIMERS_COLLECTION, timerApiView, type TimerDocument } from '@nightlight/domain/read-models/timers/timer-document';
import type { GlanceView } from '@nightlight/domain/timers/glance-view';
import { nextNapEstimate } from '@nightlight/domain/timers/wake-windows';
import { z } from 'zod';
import { timerViewSchema } from '@nightlight/domain/read-models/timers/timer-view.schemas';
import { glanceViewSchema } from '@nightlight/domain/timers/glance-view.schemas';
import { parseIdParam } from '@nightlight/infrastructure/http/http-errors';
import { answerTextsInReadersLanguage, readersLocale } from '@nightlight/infrastructure/http/localized-answers';
import { routeSchema } from '@nightlight/infrastructure/http/route-schemas';
import type { QueryDeps } from '../query-deps';
import { findChildAs, findOpenedChildAs } from './family-child';
import { loggedByResolver } from './family-names';

const timersSchema = routeSchema({ summary: "A child's running timers, by start", tags: ['Timers'], answers: { 200: z.array(timerViewSchema) }, errors: [404] });
const glanceSchema = routeSchema({
  summary: "The dashboard's glance: the last feeding's end, waking, sleeping, the last bottle, the next nap",
  tags: ['Timers'],
  answers: { 200: glanceViewSchema },
  errors: [404],
});

/** A child's running timers, and the dashboard's glance: since the last feed, since waking, the next nap. */
export function timerQueries({ readStore, cipher, clock }: QueryDeps) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const timers = readStore.collection<TimerDocument>(TIMERS_COLLECTION);
    const timeline = readStore.collection<TimelineDocument>(TIMELINE_COLLECTION);
    const latest = (childId: string, filter: Record<string, unknown>) => timeline.findOne({ childId, ...filter }, { sort: { endedAt: -1 }, readOnly: true });

    app.get('/api/children/:id/timers', { schema: timersSchema }, async (request) => {
      const { child } = await findChildAs(readStore, parseIdParam(request.params, 'Child not found'), request.userId);
      const running = await timers.find({ childId: child._id }, { sort: { startedAt: 1 }, readOnly: true });
      const loggedBy = await loggedByResolver(readStore, cipher, child._id);
      return Promise.all(running.map(async (doc) => timerApiView(doc, await loggedBy(doc.startedBy))));
    });

    // The next nap's label and its wake window's age in the reader's language.
    const preSerialization = answerTextsInReadersLanguage(readersLocale(readStore), ['label']);
    app.get('/api/children/:id/glance', { schema: glanceSchema, preSerialization }, async (request): Promise<GlanceView> => {
      const { child } = await findOpenedChildAs(readStore, cipher, parseIdParam(request.params, 'Child not found'), request.userId);
      const [feeding, sleep, bottle, sleepTimer] = await Promise.all([
        latest(child._id, { kind: 'feeding' }),
        latest(child._id, { kind: 'sleep' }),
        latest(child._id, { kind: 'feeding', 'feeding.method': 'Bottle', 'feeding.enteredAmount': { $ne: null } }) as Promise<KindDocument<'feeding'> | null>,
        timers.findOne({ childId: child._id, kind: 'sleep' }, { readOnly: true }),
      ]);
      const asleepSince = sleepTimer?.startedAt ?? null;
      const lastWokeAt = sleep?.endedAt ?? null;
      return {
        lastFeedingEndedAt: feeding?.endedAt ?? null,
        lastWokeAt,
        asleepSince,
        lastBottle: bottle?.feeding.enteredAmount && bottle.feeding.amountOz !== null ? { amountOz: bottle.feeding.amountOz, enteredAmount: bottle.feeding.enteredAmount, type: bottle.feeding.type } : null,
        nextNap: nextNapEstimate({ birthDate: child.birthDate, timezone: child.timezone, now: clock(), lastWokeAt, asleep: asleepSince !== null }),
      };
    });
  };
}
