import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DAILY_INSIGHTS_COLLECTION, type DailyInsightsRecord } from '@nightlight/domain/read-models/daily-insights/daily-insights-record';
import { GROWTH_COLLECTION, type GrowthDocument } from '@nightlight/domain/read-models/growth/growth-document';
import { ENTRY_KIND_LIST } from '@nightlight/domain/entries/all-entry-kinds';
import { turnSealed } from '@nightlight/domain/entries/sealed-fields';
import { detailsOf, TIMELINE_COLLECTION, type TimelineDocument } from '@nightlight/domain/read-models/timeline/timeline-document';
import { buildReport, type ReportExtra } from '@nightlight/domain/reports/report';
import { MAX_REPORT_DAYS } from '@nightlight/domain/reports/report-range';
import { daysBetween, isLocalDate } from '@nightlight/domain/time/zoned-time';
import { reportSchema } from '@nightlight/domain/reports/report.schemas';
import { parseIdParam, parseInput } from '@nightlight/infrastructure/http/http-errors';
import { answerTextsInReadersLanguage, readersLocale } from '@nightlight/infrastructure/http/localized-answers';
import { routeSchema } from '@nightlight/infrastructure/http/route-schemas';
import { readerUnits } from '@nightlight/infrastructure/read-store/reader-units';
import type { QueryDeps } from '../query-deps';
import { findOpenedChildAs } from './family-child';

const localDate = (name: string) => z.string({ error: `${name} is required` }).refine(isLocalDate, `${name} must be a date (YYYY-MM-DD)`);

// Built once: zod compiles a schema on its first use.
const reportQuery = z
  .object({ from: localDate('from'), to: localDate('to') })
  .refine((q) => q.from <= q.to, { message: 'from must not be after to', path: ['from'] })
  .refine((q) => daysBetween(q.from, q.to) < MAX_REPORT_DAYS, { message: `The range can be at most ${MAX_REPORT_DAYS} days`, path: ['to'] });

const reportAnswer = routeSchema({
  summary: "The pediatrician's report over a range of the child's local dates",
  description: `At most ${MAX_REPORT_DAYS} days.`,
  tags: ['Reports'],
  querystring: reportQuery,
  answers: { 200: reportSchema },
  errors: [400, 404],
});

/** The pediatrician's report: the daily insight documents and the measurements of a range, combined in the domain. */
export function reportQueries({ readStore, cipher }: QueryDeps) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const dailyDocs = readStore.collection<DailyInsightsRecord>(DAILY_INSIGHTS_COLLECTION);
    const growth = readStore.collection<GrowthDocument>(GROWTH_COLLECTION);
    const timeline = readStore.collection<TimelineDocument>(TIMELINE_COLLECTION);
    /** What the entries of a range add to their days beyond the daily insights (a nursing feeding's sides, milk pumped), by kind. */
    const extrasOf = async (childId: string, from: string, to: string): Promise<ReportExtra[]> => {
      const perKind = await Promise.all(
        ENTRY_KIND_LIST.filter(({ report }) => report).map(async (definition) => {
          const report = definition.report!;
          const docs = await timeline.find({ childId, kind: definition.kind, localDate: { $gte: from, $lte: to } }, { readOnly: true });
          const extras: ReportExtra[] = [];
          for (const doc of docs) {
            const figures = report.day?.(detailsOf(doc), doc) ?? null;
            // A food's or a medicine's name is sealed: opened here, for the family's own report.
            const opened = report.food || report.dose ? await turnSealed(detailsOf(doc), definition.sealed, async (sealed) => (await cipher.openForChild(doc.childId, doc.ownerId, sealed)) ?? '') : null;
            const food = opened && report.food?.(opened);
            const dose = opened && report.dose?.(opened);
            const reading = report.reading?.(detailsOf(doc));
            if (figures || food || dose || reading) extras.push({ localDate: doc.localDate, figures: figures ?? {}, ...(food ? { food } : {}), ...(dose ? { dose } : {}), ...(reading ? { reading } : {}) });
          }
          return extras;
        }),
      );
      return perKind.flat();
    };

    // The child's age and the feeding guide's lines in the reader's language.
    const preSerialization = answerTextsInReadersLanguage(readersLocale(readStore), ['text', 'label', 'amountPerFeeding', 'feedingsPerDay']);
    app.get('/api/children/:id/report', { schema: reportAnswer, preSerialization }, async (request) => {
      const { child } = await findOpenedChildAs(readStore, cipher, parseIdParam(request.params, 'Child not found'), request.userId);
      const { from, to } = parseInput(reportQuery, request.query);
      const [days, measurements, units, extras] = await Promise.all([
        dailyDocs.find({ childId: child._id, date: { $gte: from, $lte: to } }, { sort: { date: 1 }, readOnly: true }),
        growth.find({ childId: child._id, measuredOn: { $gte: from, $lte: to } }, { sort: { measuredOn: 1 }, readOnly: true }),
        readerUnits(readStore, request.userId, request.headers['accept-language']),
        extrasOf(child._id, from, to),
      ]);
      return buildReport({ child, from, to, days, growth: measurements, growthUnits: units?.growth ?? null, extras });
    });
  };
}
