import { z } from 'zod';
import { named, viewSchema } from '../shared/view-schema';
import type { Correlations } from './correlations';
import type { DailyInsightsAnswer, DailyInsightsView } from './daily-insights-view';
import { FEED_BUCKETS } from './feed-bucket';
import type { InsightsSummary } from './insight-summary';
import type { WeeklyRow } from './weekly-rows';

const minutes = z.number().int().min(0);
const localTime = z.string().describe("'HH:MM' in the child's zone");

export const dailyInsightsSchema = viewSchema<DailyInsightsView>()(
  named(
    z.strictObject({
      date: z.string().describe("The child's local date, YYYY-MM-DD."),
      feeding: z.strictObject({ totalOz24h: z.number(), avgIntervalMins: z.number().nullable(), feedCount: z.number().int() }),
      sleep: z.strictObject({
        totalDayMins: minutes,
        totalNightMins: minutes,
        longestNightStretchMins: minutes.nullable(),
        firstNightStretchMins: minutes.nullable(),
        bedtimeWindow: z.strictObject({ earliest: localTime.nullable() }),
        totalDayHuman: z.string(),
        totalNightHuman: z.string(),
        longestNightStretchHuman: z.string().nullable(),
      }),
      diapers: z.strictObject({ changeCount: z.number().int(), wetCount: z.number().int(), dirtyCount: z.number().int() }),
    }),
    'DailyInsights',
  ),
);

export const dailyInsightsAnswerSchema = viewSchema<DailyInsightsAnswer>()(named(z.strictObject({ days: z.array(dailyInsightsSchema), today: dailyInsightsSchema }), 'DailyInsightsAnswer'));

export const insightsSummarySchema = viewSchema<InsightsSummary>()(
  named(
    z.strictObject({
      feeding: z.strictObject({
        avgOzPerFeed: z.number().nullable(),
        avgIntervalHuman: z.string().nullable(),
        lastFeed: z.strictObject({ timeISO: z.string(), amountOz: z.number().nullable(), method: z.enum(['Bottle', 'Nursing']) }).nullable(),
      }),
      sleep: z.strictObject({ avgNapHuman: z.string().nullable(), bedtimeWindow: z.strictObject({ earliest: localTime.nullable(), latest: localTime.nullable() }) }),
    }),
    'InsightsSummary',
  ),
);

export const weeklyRowSchema = viewSchema<WeeklyRow>()(
  named(
    z.strictObject({
      day: z.string().describe("'Mon'"),
      date: z.string(),
      isToday: z.boolean(),
      isWeekend: z.boolean(),
      feeds: z.number().int(),
      totalOz: z.string().describe("'12.5'"),
      totalMl: z.string().describe("'370'"),
      sleepHours: z.string().describe("'13h 20m'"),
      diapers: z.number().int(),
      note: z.enum(['No data', 'Frequent feeds', 'Great sleep day', 'Short sleep', 'Normal day']),
    }),
    'WeeklyRow',
  ),
);

export const correlationsSchema = viewSchema<Correlations>()(
  named(
    z.strictObject({
      napLengthDeltaByFeedBucket: z.partialRecord(z.enum(FEED_BUCKETS as ['<2', '2-3.9', '4+']), z.number()),
      longNightStretchDeltaOnHighNapDays: z.number().optional(),
      firstNightStretchDeltaWhenLastFeedInLateWindow: z.number().optional(),
    }),
    'Correlations',
    'The pattern insights; an absent value (or an empty map) means not enough data.',
  ),
);
