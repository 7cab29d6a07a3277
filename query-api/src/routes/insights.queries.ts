import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { correlations, DEFAULT_CORRELATION_DAYS } from '@nightlight/domain/insights/correlations';
import { computeDailyInsights, type DailyInsightsDocument } from '@nightlight/domain/insights/daily-insights';
import { toDailyInsightsView } from '@nightlight/domain/insights/daily-insights-view';
import { summarizeRange } from '@nightlight/domain/insights/insight-summary';
import { weeklyRows } from '@nightlight/domain/insights/weekly-rows';
import type { ChildDocument } from '@nightlight/domain/read-models/children/child-document';
import { addDays, daysBetween, isLocalDate, isValidTimeZone, localDateOf } from '@nightlight/domain/time/zoned-time';
import { correlationsSchema, dailyInsightsAnswerSchema, insightsSummarySchema, weeklyRowSchema } from '@nightlight/domain/insights/insights.schemas';
import { parseIdParam, parseInput } from '@nightlight/infrastructure/http/http-errors';
import { compiledJson, routeSchema } from '@nightlight/infrastructure/http/route-schemas';
import { DAILY_INSIGHTS_COLLECTION, type DailyInsightsRecord } from '@nightlight/domain/read-models/daily-insights/daily-insights-record';
import type { QueryDeps } from '../query-deps';
import { findChildAs } from './family-child';
import { keptPayload } from '../answer-compression';
import { keptAnswers } from './kept-answers';

/** What Fastify names a JSON answer it serialises itself. */
const JSON_MEDIA_TYPE = 'application/json; charset=utf-8';

const MAX_RANGE_DAYS = 366;

const tz = z
  .string()
  .refine((value) => isValidTimeZone(value), 'tz must be an IANA time zone name')
  .optional();
const days = (fallback: number) =>
  z.coerce.number({ error: 'days must be a number' }).int('days must be a whole number').min(1, 'days must be at least 1').max(MAX_RANGE_DAYS, `days can be at most ${MAX_RANGE_DAYS}`).default(fallback);
const localDate = (name: string) => z.string({ error: `${name} is required` }).refine(isLocalDate, `${name} must be a date (YYYY-MM-DD)`);

// Built once: zod compiles a schema on its first use, which would otherwise happen on every request.
const dailyQuery = z.object({ days: days(7), tz });
const weeklyQuery = z.object({ tz });
const correlationsQuery = z.object({ days: days(DEFAULT_CORRELATION_DAYS), tz });

const summaryQuery = z
  .object({ from: localDate('from'), to: localDate('to'), tz })
  .refine((q) => q.from <= q.to, { message: 'from must not be after to', path: ['from'] })
  .refine((q) => daysBetween(q.from, q.to) < MAX_RANGE_DAYS, { message: `The range can be at most ${MAX_RANGE_DAYS} days`, path: ['to'] });

const TAGS = ['Insights'];
const TZ = "`tz` (an IANA name) only picks which date is today; every number belongs to a local date of the child's profile zone.";
const summarySchema = routeSchema({
  summary: 'Averages over a range of local dates',
  description: '`tz` is checked and changes nothing: the range is given as dates.',
  tags: TAGS,
  querystring: summaryQuery,
  answers: { 200: insightsSummarySchema },
  errors: [400, 404],
});
const dailySchema = routeSchema({ summary: 'Each of the last `days` local dates, and today', description: TZ, tags: TAGS, querystring: dailyQuery, answers: { 200: dailyInsightsAnswerSchema }, errors: [400, 404] });
const weeklySchema = routeSchema({ summary: "The 'Last 7 Days' table, today first", description: TZ, tags: TAGS, querystring: weeklyQuery, answers: { 200: z.array(weeklyRowSchema) }, errors: [400, 404] });
const correlationsAnswer = routeSchema({ summary: 'Pattern insights over the last `days` local dates', description: TZ, tags: TAGS, querystring: correlationsQuery, answers: { 200: correlationsSchema }, errors: [400, 404] });

/** The insight routes answer with one range query over the daily documents and a pure combine. */
export function insightQueries({ readStore, clock }: QueryDeps) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const dailyDocs = readStore.collection<DailyInsightsRecord>(DAILY_INSIGHTS_COLLECTION);

    /** The documents stored for the range, ascending: dates with nothing logged have none. */
    const storedFor = (child: ChildDocument, from: string, to: string): Promise<DailyInsightsRecord[]> =>
      dailyDocs.find({ childId: child._id, date: { $gte: from, $lte: to } }, { sort: { date: 1 }, readOnly: true });

    /** Documents for every date of the range, ascending; a date with nothing logged gets an empty one. */
    function everyDate(child: ChildDocument, stored: readonly DailyInsightsDocument[], from: string, to: string): DailyInsightsDocument[] {
      const byDate = new Map(stored.map((doc) => [doc.date, doc]));
      const schedule = { timezone: child.timezone, nightWindowStart: child.nightWindowStart, nightWindowEnd: child.nightWindowEnd };
      const result: DailyInsightsDocument[] = [];
      for (let date = from; date <= to; date = addDays(date, 1)) result.push(byDate.get(date) ?? computeDailyInsights(date, [], [], schedule));
      return result;
    }
    const docsFor = async (child: ChildDocument, from: string, to: string) => everyDate(child, await storedFor(child, from, to), from, to);

    const today = (child: ChildDocument, zone: string | undefined) => localDateOf(clock(), zone ?? child.timezone);
    const child = async (request: { params: unknown; userId: string }) => (await findChildAs(readStore, parseIdParam(request.params, 'Child not found'), request.userId)).child;

    app.get('/api/children/:id/insights/summary', { schema: summarySchema }, async (request) => {
      const owned = await child(request);
      const query = parseInput(summaryQuery, request.query);
      return summarizeRange(await docsFor(owned, query.from, query.to));
    });

    // The dashboard's most frequent read: its answer is written by a serializer compiled from its
    // schema, and kept, with its compressed forms, while the documents it is made from stay the same
    // (docs/decisions.md, "Kept answers").
    const dailyAnswers = keptAnswers<Buffer>();
    app.get('/api/children/:id/insights/daily', { schema: dailySchema, serializerCompiler: compiledJson }, async (request, reply) => {
      const owned = await child(request);
      const query = parseInput(dailyQuery, request.query);
      const last = today(owned, query.tz);
      const first = addDays(last, 1 - query.days);
      const body = await dailyAnswers.answer(
        owned,
        `${first}/${last}`,
        dailyDocs.writeMark?.(),
        () => storedFor(owned, first, last),
        (stored) => {
          const views = everyDate(owned, stored, first, last).map(toDailyInsightsView);
          // The route's serializer, compiled from its schema, writes text.
          return keptPayload(reply.serialize({ days: views, today: views.at(-1) }) as string);
        },
      );
      reply.type(JSON_MEDIA_TYPE);
      return body;
    });

    app.get('/api/children/:id/insights/weekly', { schema: weeklySchema }, async (request) => {
      const owned = await child(request);
      const query = parseInput(weeklyQuery, request.query);
      const last = today(owned, query.tz);
      return weeklyRows(await docsFor(owned, addDays(last, -6), last), last);
    });

    app.get('/api/children/:id/insights/correlations', { schema: correlationsAnswer }, async (request) => {
      const owned = await child(request);
      const query = parseInput(correlationsQuery, request.query);
      const last = today(owned, query.tz);
      return correlations(await docsFor(owned, addDays(last, 1 - query.days), last));
    });
  };
}
