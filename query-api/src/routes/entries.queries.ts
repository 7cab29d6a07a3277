import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { EntryKindDefinition } from '@nightlight/domain/entries/entry-kind-definition';
import { ENTRY_HISTORY_COLLECTION, type EntryHistoryDocument, type EntryHistoryItem } from '@nightlight/domain/read-models/timeline/entry-history';
import { entryHistoryItemSchema } from '@nightlight/domain/read-models/timeline/entry-history.schemas';
import { TIMELINE_COLLECTION, type TimelineDocument } from '@nightlight/domain/read-models/timeline/timeline-document';
import { isLocalDate } from '@nightlight/domain/time/zoned-time';
import { HttpError, parseIdParam, parseInput } from '@nightlight/infrastructure/http/http-errors';
import { answerTextsInReadersLanguage, readersLocale } from '@nightlight/infrastructure/http/localized-answers';
import { routeSchema } from '@nightlight/infrastructure/http/route-schemas';
import type { QueryDeps } from '../query-deps';
import { findChildAs } from './family-child';
import { loggedByResolver } from './family-names';
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

/** GET routes of one kind of entry: the list of a child's, one by id and its history, at the kind's path (/api/feedings). */
export function entryQueries({ readStore, cipher }: QueryDeps, { kind, path: basePath, notFound, one, many, schemas }: EntryKindDefinition) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const timeline = readStore.collection<TimelineDocument>(TIMELINE_COLLECTION);
    const histories = readStore.collection<EntryHistoryDocument>(ENTRY_HISTORY_COLLECTION);
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
    const historySchema = routeSchema({
      summary: `Who logged a ${one}, and each change since`,
      description: 'Oldest first: logged, then each correction (with what it changed), deletion and restoration, each with the member and the time it was recorded.',
      tags: [tag],
      answers: { 200: z.array(entryHistoryItemSchema) },
      errors: [404],
    });

    /** An entry of the caller's family, with its child; another family's is as unknown as none. */
    async function findEntry(id: string, userId: string) {
      const doc = await timeline.findOne({ _id: id, kind }, { readOnly: true });
      const family = doc && (await findChildAs(readStore, doc.childId, userId).catch(() => null));
      if (!doc || !family) throw new HttpError(404, notFound);
      return { doc, child: family.child };
    }

    // A diaper's guidance (its message and reason) in the reader's language.
    const preSerialization = answerTextsInReadersLanguage(readersLocale(readStore), ['message', 'reason']);
    app.get(basePath, { schema: listSchema, preSerialization }, async (request) => {
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

    app.get(`${basePath}/:id`, { schema: oneSchema, preSerialization }, async (request) => {
      const { doc, child } = await findEntry(parseIdParam(request.params, notFound), request.userId);
      return view(doc, await readingFor(child, request.userId, request.headers['accept-language']));
    });

    app.get(`${basePath}/:id/history`, { schema: historySchema }, async (request): Promise<EntryHistoryItem[]> => {
      const { doc, child } = await findEntry(parseIdParam(request.params, notFound), request.userId);
      const [history, nameOf] = await Promise.all([histories.findOne({ _id: doc._id }, { readOnly: true }), loggedByResolver(readStore, cipher, child._id)]);
      const logged = history?.logged ?? { by: doc.ownerId, at: doc.loggedAt ?? null };
      return Promise.all([
        { action: 'logged' as const, by: await nameOf(logged.by), at: logged.at, changed: [] },
        ...(history?.changes ?? []).map(async ({ action, by, at, changed }) => ({ action, by: await nameOf(by), at, changed })),
      ]);
    });
  };
}
