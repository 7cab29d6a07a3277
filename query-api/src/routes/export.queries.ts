import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { csvLine } from '@nightlight/domain/exports/csv';
import { ENTRY_CSV_COLUMNS, entryCsvRow, entryCsvValues, type KindView } from '@nightlight/domain/exports/entry-csv';
import { CHILDREN_COLLECTION, childApiView, type ChildDocument } from '@nightlight/domain/read-models/children/child-document';
import { MEMBERSHIPS_COLLECTION, type MembershipDocument } from '@nightlight/domain/read-models/children/membership-document';
import { GROWTH_COLLECTION, growthApiView, type GrowthDocument } from '@nightlight/domain/read-models/growth/growth-document';
import { TIMELINE_COLLECTION, type TimelineDocument } from '@nightlight/domain/read-models/timeline/timeline-document';
import { USERS_COLLECTION, userApiView, type UserDocument } from '@nightlight/domain/read-models/users/user-document';
import { localDateOf } from '@nightlight/domain/time/zoned-time';
import { accountExportSchema } from '@nightlight/domain/exports/account-export.schemas';
import { HttpError, parseIdParam } from '@nightlight/infrastructure/http/http-errors';
import { mediaAnswer, routeSchema } from '@nightlight/infrastructure/http/route-schemas';
import type { QueryDeps } from '../query-deps';
import { entryViews } from './entry-views';
import { openChild, openUser } from '@nightlight/infrastructure/read-store/personal-fields';
import { findChildAs } from './family-child';

/** Entries are read and written out a page at a time: a three-year history never sits in memory whole. */
const PAGE = 500;

const TAGS = ['Export and import'];
const csvSchema = routeSchema({
  summary: "A child's entries as CSV (any member)",
  description: 'One row per entry, by start, streamed; named entries-{date}.csv.',
  tags: TAGS,
  answers: { 200: mediaAnswer('text/csv', 'A header row, then one row per entry (RFC 4180, CRLF line ends).') },
  errors: [404],
});
const accountExportAnswer = routeSchema({
  summary: 'Everything the app holds about you, as JSON',
  description: 'Streamed; named nightlight-export-{date}.json.',
  tags: TAGS,
  answers: { 200: mediaAnswer('application/json', 'The account, the families you care for, and each child you are a parent of with its entries and growth.', accountExportSchema) },
  errors: [404],
});

/**
 * GET /api/children/:id/export.csv (every entry of a child, one row each) and GET /api/me/export
 * (everything the app holds about the user, as JSON), both streamed as they are read.
 */
export function exportQueries({ readStore, cipher, clock }: QueryDeps) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const timeline = readStore.collection<TimelineDocument>(TIMELINE_COLLECTION);
    const { readingFor, view } = entryViews({ readStore, cipher });

    /** A child's entries as the API answers them, by start, page by page. */
    async function* entriesOf(child: ChildDocument, userId: string): AsyncGenerator<{ entries: KindView[]; units: Awaited<ReturnType<typeof readingFor>>['units'] }> {
      const reading = await readingFor(child, userId);
      for (let skip = 0; ; skip += PAGE) {
        const docs = await timeline.find({ childId: child._id }, { sort: { startedAt: 1, _id: 1 }, skip, limit: PAGE, readOnly: true });
        const entries = await Promise.all(docs.map(async (doc) => ({ kind: doc.kind, view: await view(doc, reading) }) as KindView));
        if (entries.length > 0) yield { entries, units: reading.units };
        if (docs.length < PAGE) return;
      }
    }

    async function* csvOf(child: ChildDocument, userId: string): AsyncGenerator<string> {
      yield csvLine(ENTRY_CSV_COLUMNS);
      for await (const { entries, units } of entriesOf(child, userId)) {
        yield entries.map((entry) => csvLine(entryCsvValues(entryCsvRow(entry, child.timezone, units)))).join('');
      }
    }

    app.get('/api/children/:id/export.csv', { schema: csvSchema }, async (request, reply) => {
      const { child } = await findChildAs(readStore, parseIdParam(request.params, 'Child not found'), request.userId);
      const today = localDateOf(clock().getTime(), child.timezone);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="entries-${today}.csv"`)
        .send(Readable.from(csvOf(child, request.userId)));
    });

    /**
     * The account, its settings, and each child the user is a parent of with all its entries and
     * growth measurements; the families they care for as a caregiver are named, their data is not
     * theirs to take.
     */
    async function* accountExport(user: UserDocument): AsyncGenerator<string> {
      const { referralCode: _code, referralUsesLeft: _uses, ...account } = userApiView(user, await openUser(cipher, user));
      yield `{"format":"nightlight-account-export","version":1,"exportedAt":${JSON.stringify(clock().toISOString())},"account":${JSON.stringify(account)}`;
      const memberships = await readStore.collection<MembershipDocument>(MEMBERSHIPS_COLLECTION).find({ memberId: user._id }, { sort: { childId: 1 }, readOnly: true });
      const children = readStore.collection<ChildDocument>(CHILDREN_COLLECTION);
      yield `,"caregiverOf":${JSON.stringify(memberships.filter((m) => m.role !== 'parent').map((m) => ({ childId: m.childId, role: m.role })))},"children":[`;
      let first = true;
      for (const membership of memberships.filter((m) => m.role === 'parent')) {
        const child = await children.findOne({ _id: membership.childId }, { readOnly: true });
        if (!child) continue;
        const opened = await openChild(cipher, child);
        yield `${first ? '' : ','}{"child":${JSON.stringify(childApiView(opened, membership.role))},"entries":[`;
        first = false;
        let firstEntry = true;
        for await (const { entries } of entriesOf(child, user._id)) {
          yield `${firstEntry ? '' : ','}${entries.map((entry) => JSON.stringify({ kind: entry.kind, ...entry.view })).join(',')}`;
          firstEntry = false;
        }
        const growth = await readStore.collection<GrowthDocument>(GROWTH_COLLECTION).find({ childId: child._id }, { sort: { measuredOn: 1 }, readOnly: true });
        yield `],"growth":${JSON.stringify(growth.map((doc) => growthApiView(doc, opened, user.units?.growth ?? null)))}}`;
      }
      yield ']}';
    }

    app.get('/api/me/export', { schema: accountExportAnswer }, async (request, reply) => {
      const user = await readStore.collection<UserDocument>(USERS_COLLECTION).findOne({ _id: request.userId }, { readOnly: true });
      if (!user) throw new HttpError(404, 'Account not found');
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="nightlight-export-${clock().toISOString().slice(0, 10)}.json"`)
        .send(Readable.from(accountExport(user)));
    });
  };
}
