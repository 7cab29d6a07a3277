import type { EntryCsv } from '../entries/entry-kind-definition';
import { csvText, csvValue, fromCsvText } from '../exports/csv';
import type { EntryCsvCells } from '../exports/entry-csv';
import { numberCell } from '../imports/csv-cells';
import type { SleepKind } from './sleep.kind';

/** A sleep's columns: its environment, the sleep-sack text as opened for the reader. */
export const sleepCsv: EntryCsv<SleepKind> = {
  row(sleep) {
    const environment = sleep.environment;
    const cells: EntryCsvCells = environment ? { room_temp_f: csvValue(environment.roomTemp), white_noise: environment.whiteNoise ? 'yes' : 'no', sleep_sack: csvText(environment.sleepSackTag ?? '') } : {};
    return { startedAt: sleep.startedAt, endedAt: sleep.endedAt, cells };
  },
  body(cells) {
    const roomTemp = numberCell(cells, 'room_temp_f');
    const hasEnvironment = roomTemp !== null || cells['white_noise'] || cells['sleep_sack'];
    const environment = hasEnvironment ? { roomTemp, whiteNoise: cells['white_noise'] === 'yes', sleepSackTag: fromCsvText(cells['sleep_sack'] ?? '') || null } : null;
    return { startedAt: cells['started_utc'], endedAt: cells['ended_utc'], environment };
  },
};
