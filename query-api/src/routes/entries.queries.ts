import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { EntryKindDefinition } from '@nightlight/domain/entries/entry-kind-definition';
import { TIMELINE_COLLECTION, type TimelineDocument } from '@nightlight/domain/read-models/timeline/timeline-document';
import { isLocalDate } from '@nightlight/domain/time/zoned-time';
import { HttpError, parseIdParam, parseInput } from '@nightlight/infrastructure/http/http-errors';
import { routeSchema } from '@nightlight/infrastructure/http/route-schemas';
import type { QueryDeps } from '../query-deps';
import { findChildAs } from './family-child';
import { entryViews } from './entry-views';

const localDate = (name: string) => z.string().refine(isLocalDate, `${name} must be a date (YYYY-MM-DD)`);

const listQuery = z
  .object({
    childId: z.string({ error: 'childId is required' }).min(1, 'childId is required'),
    date: localDate('date').optional(),
    startDate: localDate('startDate').optional(),
    endDate: localDate('endDate').optional(),
    limit: z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number').min(1, 'limit must be at least 1').max(500, 'limit can be at most 500').optional(),
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, { message: 'startDate must not be after endDate', path: ['startDate'] });

/** GET routes of one kind of entry: the list of a child's and one by id, at the kind's path (/api/feedings). */
export function entryQueries({ readStore, cipher }: QueryDeps, { kind, path: basePath, notFound, one, many, schemas }: EntryKindDefinition) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const timeline = readStore.collection<TimelineDocument>(TIMELINE_COLLECTION);
    const { readingFor, view } = entryViews({ readStore, cipher });
    const { tag, answer } = schemas;
    const listSchema = routeSchema({
      summary: `A child's ${many}`,
      description: 'Of a local date (`date`) or a range of them (`startDate`, `endDate`), by start; with `limit`, the newest first.',
      tags: [tag],
      querystring: listQuery,
      answers: { 200: z.array(answer) },
      errors: [400, 404],
    });
    const oneSchema = routeSchema({ summary: `A ${one}`, tags: [tag], answers: { 200: answer }, errors: [404] });

    app.get(basePath, { schema: listSchema }, async (request) => {
      const query = parseInput(listQuery, request.query);
      const { child } = await findChildAs(readStore, parseIdParam({ id: query.childId }, 'Child not found'), request.userId);
      const filter: Record<string, unknown> = { childId: child._id, kind };
      if (query.date) filter.localDate = query.date;
      else if (query.startDate || query.endDate) {
        filter.localDate = { ...(query.startDate ? { $gte: query.startDate } : {}), ...(query.endDate ? { $lte: query.endDate } : {}) };
      }
      // With a limit the newest entries are the ones that matter (the dashboard's recent list).
      const docs = await timeline.find(filter, query.limit ? { sort: { startedAt: -1 }, limit: query.limit, readOnly: true } : { sort: { startedAt: 1 }, readOnly: true });
      const reading = await readingFor(child, request.userId, request.headers['accept-language']);
      return Promise.all(docs.map((doc) => view(doc, reading)));
    });

    app.get(`${basePath}/:id`, { schema: oneSchema }, async (request) => {
      const id = parseIdParam(request.params, notFound);
      const doc = await timeline.findOne({ _id: id, kind }, { readOnly: true });
      // Another family's entry is as unknown as none.
      const family = doc && (await findChildAs(readStore, doc.childId, request.userId).catch(() => null));
      if (!doc || !family) throw new HttpError(404, notFound);
      return view(doc, await readingFor(family.child, request.userId, request.headers['accept-language']));
    });
  };
}
