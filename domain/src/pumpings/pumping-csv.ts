import type { EntryCsv } from '../entries/entry-kind-definition';
import { csvValue } from '../exports/csv';
import { numberCell } from '../imports/csv-cells';
import type { PumpingKind } from './pumping.kind';
import { pumpingEndedAt } from './pumping.events';

/** A pumping session's columns: its minutes when timed, and the amounts in the unit they were entered in. */
export const pumpingCsv: EntryCsv<PumpingKind> = {
  row: (pumping) => ({
    startedAt: pumping.startedAt,
    endedAt: pumpingEndedAt(pumping.startedAt, pumping.durationMinutes),
    cells: { duration_minutes: csvValue(pumping.durationMinutes), pumped_left: csvValue(pumping.leftAmount), pumped_right: csvValue(pumping.rightAmount), pumped_unit: pumping.unit },
  }),
  body: (cells) => ({
    startedAt: cells['started_utc'],
    durationMinutes: numberCell(cells, 'duration_minutes'),
    leftAmount: numberCell(cells, 'pumped_left'),
    rightAmount: numberCell(cells, 'pumped_right'),
    unit: cells['pumped_unit'],
  }),
};
