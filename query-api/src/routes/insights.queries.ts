import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { correlations, DEFAULT_CORRELATION_DAYS } from '@nightlight/domain/insights/correlations';
import { computeDailyInsights, type DailyInsightsDocument } from '@nightlight/domain/insights/daily-insights';
import { toDailyInsightsView } from '@nightlight/domain/insights/daily-insights-view';
import { summarizeRange } from '@nightlight/domain/insights/insight-summary';
import { weeklyRows } from '@nightlight/domain/insights/weekly-rows';
import type { ChildDocument } from '@nightlight/domain/read-models/children/child-document';
import { addDays, daysBetween, isLocalDate, isValidTimeZone, localDateOf } from '@nightlight/domain/time/zoned-time';
import { parseIdParam, parseInput } from '@nightlight/infrastructure/http/http-errors';
import { DAILY_INSIGHTS_COLLECTION, type DailyInsightsRecord } from '@nightlight/domain/read-models/daily-insights/daily-insights-record';
import type { QueryDeps } from '../query-deps';
import { findChildAs } from './family-child';

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

const nullable = (type: string) => ({ type: [type, 'null'] });
const dailyView = {
  type: 'object',
  properties: {
    date: { type: 'string' },
    feeding: {
      type: 'object',
      properties: { totalOz24h: { type: 'number' }, avgIntervalMins: nullable('number'), feedCount: { type: 'integer' } },
    },
    sleep: {
      type: 'object',
      properties: {
        totalDayMins: { type: 'integer' },
        totalNightMins: { type: 'integer' },
        longestNightStretchMins: nullable('integer'),
        firstNightStretchMins: nullable('integer'),
        bedtimeWindow: { type: 'object', properties: { earliest: nullable('string') } },
        totalDayHuman: { type: 'string' },
        totalNightHuman: { type: 'string' },
        longestNightStretchHuman: nullable('string'),
      },
    },
    diapers: {
      type: 'object',
      properties: { changeCount: { type: 'integer' }, wetCount: { type: 'integer' }, dirtyCount: { type: 'integer' } },
    },
  },
} as const;
/** The dashboard's most frequent read: its answer is written by a serializer compiled from this shape. */
const dailyAnswer = { response: { 200: { type: 'object', properties: { days: { type: 'array', items: dailyView }, today: dailyView } } } };

const summaryQuery = z
  .object({ from: localDate('from'), to: localDate('to'), tz })
  .refine((q) => q.from <= q.to, { message: 'from must not be after to', path: ['from'] })
  .refine((q) => daysBetween(q.from, q.to) < MAX_RANGE_DAYS, { message: `The range can be at most ${MAX_RANGE_DAYS} days`, path: ['to'] });

/** The insight routes answer with one range query over the daily documents and a pure combine. */
export function insightQueries({ readStore, clock }: QueryDeps) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const dailyDocs = readStore.collection<DailyInsightsRecord>(DAILY_INSIGHTS_COLLECTION);

    /** Documents for every date of the range, ascending; a date with nothing logged gets an empty one. */
    async function docsFor(child: ChildDocument, from: string, to: string): Promise<DailyInsightsDocument[]> {
      const stored = await dailyDocs.find({ childId: child._id, date: { $gte: from, $lte: to } }, { sort: { date: 1 }, readOnly: true });
      const byDate = new Map(stored.map((doc) => [doc.date, doc]));
      const schedule = { timezone: child.timezone, nightWindowStart: child.nightWindowStart, nightWindowEnd: child.nightWindowEnd };
      const result: DailyInsightsDocument[] = [];
      for (let date = from; date <= to; date = addDays(date, 1)) result.push(byDate.get(date) ?? computeDailyInsights(date, [], [], schedule));
      return result;
    }

    const today = (child: ChildDocument, zone: string | undefined) => localDateOf(clock(), zone ?? child.timezone);
    const child = async (request: { params: unknown; userId: string }) => (await findChildAs(readStore, parseIdParam(request.params, 'Child not found'), request.userId)).child;

    app.get('/api/children/:id/insights/summary', async (request) => {
      const owned = await child(request);
      const query = parseInput(summaryQuery, request.query);
      return summarizeRange(await docsFor(owned, query.from, query.to));
    });

    app.get('/api/children/:id/insights/daily', { schema: dailyAnswer }, async (request) => {
      const owned = await child(request);
      const query = parseInput(dailyQuery, request.query);
      const last = today(owned, query.tz);
      const docs = await docsFor(owned, addDays(last, 1 - query.days), last);
      const views = docs.map(toDailyInsightsView);
      return { days: views, today: views.at(-1) };
    });

    app.get('/api/children/:id/insights/weekly', async (request) => {
      const owned = await child(request);
      const query = parseInput(weeklyQuery, request.query);
      const last = today(owned, query.tz);
      return weeklyRows(await docsFor(owned, addDays(last, -6), last), last);
    });

    app.get('/api/children/:id/insights/correlations', async (request) => {
      const owned = await child(request);
      const query = parseInput(correlationsQuery, request.query);
      const last = today(owned, query.tz);
      return correlations(await docsFor(owned, addDays(last, 1 - query.days), last));
    });
  };
}
