import { z } from 'zod';
import { defineEntryKind } from '../entries/define-entry-kind';
import { isoInstant } from '../entries/entry-fields';
import type { RecordedTimes } from '../entries/entry-times';
import { csvValue } from '../exports/csv';
import { numberCell } from '../imports/csv-cells';
import { quarterOunces } from '../research/research-amounts';
import { toOunces } from '../units/volume';
import { checkPumping, pumpingAmountText, pumpingEndedAt, pumpingLine, pumpingMinutes } from './pumping-rules';

/** A session records its start and its minutes when it was timed; an untimed one ends when it starts. */
const FROM_START_FOR_MINUTES: RecordedTimes<{ startedAt: string; durationMinutes: number | null }> = {
  startField: 'startedAt',
  shape: { startedAt: z.string().describe('ISO 8601 UTC'), durationMinutes: z.number().int().nullable() },
  of: ({ startedAt, durationMinutes }) => ({ startedAt, endedAt: pumpingEndedAt(startedAt, durationMinutes) }),
  record: ({ startedAt, endedAt }) => ({ startedAt, durationMinutes: pumpingMinutes(startedAt, endedAt) }),
};

const volumeUnit = z.enum(['mL', 'oz']);
const amount = z.number({ error: 'Amount must be a number' }).nullable().optional();
/** An amount in ounces on the quarter-ounce grid (research-amounts.ts), so the unit it was entered in does not show. */
const researchOunces = (value: number | null, unit: 'mL' | 'oz'): number | null => quarterOunces(value === null ? null : toOunces(value, unit));

/** A pumping session: it lasts when timed, may overlap anything, and is never counted as a feeding. */
export const pumpingKind = defineEntryKind({
  kind: 'pumping',
  notFound: 'Pumping session not found',
  anEntry: 'a pumping session',
  tag: 'Pumping',
  timing: 'span',
  times: FROM_START_FOR_MINUTES,
  /** How much each side gave (if measured), in the unit it was entered in. */
  details: z.strictObject({ leftAmount: z.number().nullable(), rightAmount: z.number().nullable(), unit: volumeUnit }),
  sealed: [],
  request: {
    startedAt: z.string({ error: 'Date and time is required' }).min(1, 'Date and time is required').pipe(isoInstant('Date and time')),
    durationMinutes: z.number({ error: 'Duration must be a number' }).nullable().optional(),
    leftAmount: amount,
    rightAmount: amount,
    unit: z.enum(['mL', 'oz'], { error: 'Unit must be mL or oz' }),
  },
  check(body, now, origin) {
    const { startedAt, durationMinutes, notes, ...details } = checkPumping(body, now, origin);
    return { startedAt, endedAt: pumpingEndedAt(startedAt, durationMinutes), notes, details };
  },
  line: pumpingLine,
  amountText: pumpingAmountText,
  // Milk pumped is not milk fed: a pumping session adds to no insight, but the report counts it.
  report: { day: ({ leftAmount, rightAmount, unit }) => ({ pumpedOz: toOunces((leftAmount ?? 0) + (rightAmount ?? 0), unit) }) },
  parts: { leftAmount: 'amount', rightAmount: 'amount', unit: 'amount' },
  // Its minutes when timed, and the amounts in the unit they were entered in.
  csv: {
    columns: ['duration_minutes', 'pumped_left', 'pumped_right', 'pumped_unit'],
    cells: (pumping) => ({ duration_minutes: csvValue(pumping.durationMinutes), pumped_left: csvValue(pumping.leftAmount), pumped_right: csvValue(pumping.rightAmount), pumped_unit: pumping.unit }),
    body: (cells) => ({
      startedAt: cells['started_utc'],
      durationMinutes: numberCell(cells, 'duration_minutes'),
      leftAmount: numberCell(cells, 'pumped_left'),
      rightAmount: numberCell(cells, 'pumped_right'),
      unit: cells['pumped_unit'],
    }),
  },
  research: {
    columns: z.strictObject({
      leftOz: z.number().nullable().describe('Ounces from the left side, to the nearest quarter ounce; null when not measured.'),
      rightOz: z.number().nullable().describe('Ounces from the right side, as leftOz.'),
    }),
    fields: ({ leftAmount, rightAmount, unit }) => ({ leftOz: researchOunces(leftAmount, unit), rightOz: researchOunces(rightAmount, unit) }),
  },
});
