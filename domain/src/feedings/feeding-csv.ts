import type { EntryCsv } from '../entries/entry-kind-definition';
import { csvValue } from '../exports/csv';
import type { EntryCsvCells } from '../exports/entry-csv';
import { numberCell } from '../imports/csv-cells';
import { volumeIn } from '../units/volume';
import type { FeedingKind } from './feeding.kind';

/** A feeding's columns: a bottle's amount in the reader's unit to read and as entered to import, a nursing feeding's sides. */
export const feedingCsv: EntryCsv<FeedingKind> = {
  row(feeding, units) {
    const cells: EntryCsvCells = { method: csvValue(feeding.method), feeding_type: csvValue(feeding.type) };
    if (feeding.enteredAmount) {
      const unit = units?.volume ?? feeding.enteredAmount.unit;
      Object.assign(cells, { amount: csvValue(volumeIn(feeding.enteredAmount, unit)), amount_unit: unit, amount_as_entered: csvValue(feeding.enteredAmount.value), unit_as_entered: feeding.enteredAmount.unit });
    }
    if (feeding.sides) Object.assign(cells, { left_minutes: csvValue(feeding.sides.leftMinutes), right_minutes: csvValue(feeding.sides.rightMinutes) });
    return { startedAt: feeding.startedAt, endedAt: feeding.endedAt, cells };
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
};
