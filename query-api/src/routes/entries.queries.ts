import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { EntryKindDefinition } from '@nightlight/domain/entries/entry-kinds';
import type { ChildDocument } from '@nightlight/domain/read-models/children/child-document';
import { TIMELINE_COLLECTION, timelineApiView, type TimelineDocument } from '@nightlight/domain/read-models/timeline/timeline-document';
import { openSleepSackTag } from '@nightlight/domain/sleeps/sleep-sack';
import { isLocalDate } from '@nightlight/domain/time/zoned-time';
import { HttpError, parseIdParam, parseInput } from '@nightlight/infrastructure/http/http-errors';
import { readerUnits } from '@nightlight/infrastructure/read-store/reader-units';
import type { QueryDeps } from '../query-deps';
import { findChildAs } from './family-child';
import { loggedByResolver } from './family-names';

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
export function entryQueries({ readStore, cipher }: QueryDeps, { kind, path: basePath, notFound }: EntryKindDefinition) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const timeline = readStore.collection<TimelineDocument>(TIMELINE_COLLECTION);
    // Notes and tags stay sealed in the read model with the child's key (or, written before children
    // had keys, the key of whoever logged it); a shredded key leaves them empty.
    /** What every entry of one answer is read with: its child, who logged what, and the reader's units. */
    const readingFor = async (child: ChildDocument, userId: string) => ({ child, loggedBy: await loggedByResolver(readStore, child._id), units: await readerUnits(readStore, userId) });
    const view = async (doc: TimelineDocument, { child, loggedBy, units }: Awaited<ReturnType<typeof readingFor>>) => {
      const open = (sealed: string) => cipher.openForChild(doc.childId, doc.ownerId, sealed);
      const notes = (await open(doc.sealedNotes)) ?? '';
      const sleepSackTag = doc.environment ? await openSleepSackTag(doc.environment, open) : null;
      return timelineApiView(doc, { notes, sleepSackTag, loggedBy: await loggedBy(doc.ownerId), child, units });
    };

    app.get(basePath, async (request) => {
      const query = parseInput(listQuery, request.query);
      const { child } = await findChildAs(readStore, parseIdParam({ id: query.childId }, 'Child not found'), request.userId);
      const filter: Record<string, unknown> = { childId: child._id, kind };
      if (query.date) filter.localDate = query.date;
      else if (query.startDate || query.endDate) {
        filter.localDate = { ...(query.startDate ? { $gte: query.startDate } : {}), ...(query.endDate ? { $lte: query.endDate } : {}) };
      }
      // With a limit the newest entries are the ones that matter (the dashboard's recent list).
      const docs = await timeline.find(filter, query.limit ? { sort: { startedAt: -1 }, limit: query.limit, readOnly: true } : { sort: { startedAt: 1 }, readOnly: true });
      const reading = await readingFor(child, request.userId);
      return Promise.all(docs.map((doc) => view(doc, reading)));
    });

    app.get(`${basePath}/:id`, async (request) => {
      const id = parseIdParam(request.params, notFound);
      const doc = await timeline.findOne({ _id: id, kind }, { readOnly: true });
      // Another family's entry is as unknown as none.
      const family = doc && (await findChildAs(readStore, doc.childId, request.userId).catch(() => null));
      if (!doc || !family) throw new HttpError(404, notFound);
      return view(doc, await readingFor(family.child, request.userId));
    });
  };
}
