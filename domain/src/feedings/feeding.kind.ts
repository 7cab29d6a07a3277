import { z } from 'zod';
import { defineEntryKind } from '../entries/define-entry-kind';
import { isoInstant } from '../entries/entry-fields';
import { FROM_START_TO_END } from '../entries/entry-times';
import { csvValue } from '../exports/csv';
import { numberCell } from '../imports/csv-cells';
import { timedFeeding } from '../insights/daily-insights';
import { enteredAmountSchema } from '../read-models/timeline/entry-view.schemas';
import { quarterOunces } from '../research/research-amounts';
import { named } from '../shared/view-schema';
import { toMillilitres, volumeIn } from '../units/volume';
import { BOTTLE_CONTENTS, checkFeeding, FEEDING_METHODS, feedingAmountText, feedingLine, MAX_FEEDING_MINUTES } from './feeding-rules';

const nursingSides = named(
  z.strictObject({ leftMinutes: z.number().int(), rightMinutes: z.number().int() }),
  'NursingSides',
  "A nursing feeding's whole minutes on each breast, adding up to its minutes.",
);

/** Version 1 took amounts in ounces only: what was entered is the amount in ounces. */
function feedingDetailsV1toV2(data: unknown): unknown {
  const { amountOz } = data as { amountOz: number | null };
  return { ...(data as object), enteredAmount: amountOz === null ? null : { value: amountOz, unit: 'oz' } };
}

/** Version 2 knew no sides: nursing minutes per breast came with timers. */
const feedingDetailsV2toV3 = (data: unknown): unknown => ({ ...(data as object), sides: null });

/** Ounces in millilitres to one decimal, for a reader who measures so. */
const millilitres = (oz: number | null): number | null => (oz === null ? null : Math.round(toMillilitres(oz, 'oz') * 10) / 10);

/** A feeding: a bottle or nursing, from start to end; two feedings of a child may not overlap. */
export const feedingKind = defineEntryKind({
  kind: 'feeding',
  notFound: 'Feeding not found',
  anEntry: 'a feeding',
  tag: 'Feedings',
  timing: 'session',
  longestMinutes: MAX_FEEDING_MINUTES,
  times: FROM_START_TO_END,
  details: z.strictObject({
    /** The amount in ounces, whatever it was entered in: what insights compute with. */
    amountOz: z.number().nullable(),
    /** The amount as the parent entered it, in their unit (version 2 on; version 1 entered ounces). */
    enteredAmount: enteredAmountSchema.nullable(),
    method: z.enum(FEEDING_METHODS),
    type: z.enum(BOTTLE_CONTENTS).nullable(),
    /** Per-breast minutes of a nursing feeding, when known (version 3 on). */
    sides: nursingSides.nullable(),
  }),
  sealed: [],
  history: { version: 3, upcasters: { 1: feedingDetailsV1toV2, 2: feedingDetailsV2toV3 } },
  request: {
    startedAt: z.string({ error: 'Date and time is required' }).min(1, 'Date and time is required').pipe(isoInstant('Date and time')),
    endedAt: isoInstant('endedAt').nullable().optional(),
    amountOz: z.number({ error: 'Amount must be a number' }).nullable().optional(),
    amountMl: z.number({ error: 'Amount must be a number' }).nullable().optional(),
    method: z.enum(FEEDING_METHODS, { error: 'Method must be Bottle or Nursing' }),
    type: z.enum(BOTTLE_CONTENTS, { error: 'Feeding type must be Breast Milk or Formula' }).nullable().optional(),
    sides: z
      .object({
        leftMinutes: z.number({ error: 'Left minutes must be a number' }).int('Left minutes must be whole minutes').min(0, 'Left minutes cannot be negative'),
        rightMinutes: z.number({ error: 'Right minutes must be a number' }).int('Right minutes must be whole minutes').min(0, 'Right minutes cannot be negative'),
      })
      .nullable()
      .optional(),
  },
  check(body, now, origin) {
    const { startedAt, endedAt, notes, ...details } = checkFeeding(body, now, origin);
    return { startedAt, endedAt, notes, details };
  },
  line: feedingLine,
  amountText: feedingAmountText,
  view: { shape: { amountMl: z.number().nullable().describe('One decimal.') }, of: ({ amountOz }) => ({ amountMl: millilitres(amountOz) }) },
  daily: ({ id, startedAt, endedAt, details }) => ({ feeding: timedFeeding({ id, startedAt, endedAt, amountOz: details.amountOz, method: details.method }) }),
  report: { day: ({ sides }) => sides && { nursingLeftMins: sides.leftMinutes, nursingRightMins: sides.rightMinutes } },
  parts: { amountOz: 'amount', enteredAmount: 'amount', method: 'method', type: 'type', sides: 'sides' },
  // A bottle's amount in the reader's unit to read and as entered to import; a nursing feeding's sides.
  csv: {
    columns: ['method', 'feeding_type', 'amount', 'amount_unit', 'amount_as_entered', 'unit_as_entered', 'left_minutes', 'right_minutes'],
    cells(feeding, units) {
      const cells: Record<string, string> = { method: csvValue(feeding.method), feeding_type: csvValue(feeding.type) };
      if (feeding.enteredAmount) {
        const unit = units?.volume ?? feeding.enteredAmount.unit;
        Object.assign(cells, { amount: csvValue(volumeIn(feeding.enteredAmount, unit)), amount_unit: unit, amount_as_entered: csvValue(feeding.enteredAmount.value), unit_as_entered: feeding.enteredAmount.unit });
      }
      if (feeding.sides) Object.assign(cells, { left_minutes: csvValue(feeding.sides.leftMinutes), right_minutes: csvValue(feeding.sides.rightMinutes) });
      return cells;
    },
    body(cells) {
      const asEntered = numberCell(cells, 'amount_as_entered');
      const unit = cells['unit_as_entered'];
      const left = numberCell(cells, 'left_minutes');
      const right = numberCell(cells, 'right_minutes');
      return {
        startedAt: cells['started_utc'],
        endedAt: cells['ended_utc'],
        method: cells['method'],
        type: cells['feeding_type'] || null,
        ...(asEntered === null ? {} : unit === 'mL' ? { amountMl: asEntered } : { amountOz: asEntered }),
        sides: left === null && right === null ? null : { leftMinutes: left ?? 0, rightMinutes: right ?? 0 },
      };
    },
  },
  research: {
    columns: z.strictObject({
      method: z.enum(FEEDING_METHODS),
      type: z.enum(BOTTLE_CONTENTS).nullable().describe('What the bottle held; null for nursing or when not said.'),
      amountOz: z.number().nullable().describe('Ounces, to the nearest quarter ounce whatever the unit it was entered in; null when not given.'),
      leftMinutes: z.number().int().nullable().describe('Minutes on the left breast of a nursing feeding timed side by side; null when not known.'),
      rightMinutes: z.number().int().nullable().describe('Minutes on the right breast, as leftMinutes.'),
    }),
    fields: ({ method, type, amountOz, sides }) => ({
      method,
      type,
      amountOz: quarterOunces(amountOz),
      leftMinutes: sides?.leftMinutes ?? null,
      rightMinutes: sides?.rightMinutes ?? null,
    }),
  },
});
