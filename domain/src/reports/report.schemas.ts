import { z } from 'zod';
import { measurementSchema } from '../read-models/growth/measurement.schemas';
import { named, viewSchema } from '../shared/view-schema';
import type { DayStat, ReportDay, ReportView, SleepStat } from './report';

const count = z.number().int().min(0);
const localDate = z.string().describe("The child's local date, YYYY-MM-DD.");

export const dayStatSchema = viewSchema<DayStat>()(
  named(z.strictObject({ mean: z.number(), min: z.number(), max: z.number() }), 'DayStat', 'Per day, over the days of the range with entries.'),
);

export const sleepStatSchema = viewSchema<SleepStat>()(
  named(
    z.strictObject({ meanMins: z.number(), meanHuman: z.string(), minMins: z.number(), minHuman: z.string(), maxMins: z.number(), maxHuman: z.string() }),
    'SleepStat',
    'Minutes of sleep per day over the days with entries, with their forms as read.',
  ),
);

export const reportDaySchema = viewSchema<ReportDay>()(
  named(
    z.strictObject({
      date: localDate,
      hasEntries: z.boolean(),
      feedCount: count,
      totalOz: z.number(),
      wetCount: count,
      dirtyCount: count,
      dayMins: count,
      nightMins: count,
      longestNightStretchMins: count.nullable(),
      nursingLeftMins: count,
      nursingRightMins: count,
      pumpedOz: z.number(),
      tummyTimeMins: count,
    }),
    'ReportDay',
  ),
);

export const reportSchema = viewSchema<ReportView>()(
  named(
    z.strictObject({
      child: z.strictObject({ id: z.string(), displayName: z.string(), birthDate: localDate, sex: z.enum(['Female', 'Male', 'Unknown']) }),
      age: z.strictObject({ days: count, text: z.string() }).nullable(),
      range: z.strictObject({ from: localDate, to: localDate, days: count, daysWithEntries: count }),
      feeds: dayStatSchema.nullable(),
      amount: z.strictObject({ oz: dayStatSchema, mL: dayStatSchema }).nullable(),
      diapers: z.strictObject({ wet: dayStatSchema, dirty: dayStatSchema }).nullable(),
      nursing: z.strictObject({ left: dayStatSchema, right: dayStatSchema }).nullable().describe("Minutes per breast, from the feedings that recorded them (a timer's)"),
      pumping: z.strictObject({ oz: dayStatSchema, mL: dayStatSchema }).nullable(),
      tummyTime: dayStatSchema.nullable().describe('Minutes on the tummy per day'),
      sleep: z.strictObject({
        day: sleepStatSchema.nullable(),
        night: sleepStatSchema.nullable(),
        longestNightStretch: z.strictObject({ mins: count, human: z.string(), date: localDate }).nullable(),
      }),
      days: z.array(reportDaySchema),
      growth: z.array(measurementSchema),
      foods: z
        .array(z.strictObject({ food: z.string(), firstDate: localDate, meals: count, reactions: count }))
        .describe('The solid foods of the range in the order each was first given, with how many meals of it and how many had a reaction'),
      medicines: z
        .array(z.strictObject({ name: z.string(), doses: count, lastDate: localDate }))
        .describe('The medicines given in the range, by name, with their number of doses and the last day one was given'),
      temperatures: z
        .strictObject({ readings: count, highestC: z.number(), highestF: z.number(), highestDate: localDate })
        .nullable()
        .describe('The temperatures taken in the range: how many, and the highest in both scales with the first day it was reached'),
      milestone: z
        .strictObject({
          key: z.enum(['newborn', '1-month', '2-months', '4-months', '6-months', '12-months']),
          label: z.string(),
          amountPerFeeding: z.string(),
          feedingsPerDay: z.string(),
          source: z.string(),
        })
        .nullable(),
    }),
    'Report',
    "What a pediatrician reads about a child over a range of local dates.",
  ),
);
