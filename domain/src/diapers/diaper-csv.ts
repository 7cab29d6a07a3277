import type { EntryCsv } from '../entries/entry-kind-definition';
import { csvValue } from '../exports/csv';
import type { DiaperKind } from './diaper.kind';

/** A diaper change's columns: an instant, so it ends when it starts; what it held and its colour. */
export const diaperCsv: EntryCsv<DiaperKind> = {
  row: (diaper) => ({ startedAt: diaper.occurredAt, endedAt: diaper.occurredAt, cells: { diaper_contents: csvValue(diaper.contents), diaper_color: csvValue(diaper.color) } }),
  body: (cells) => ({ occurredAt: cells['started_utc'], contents: cells['diaper_contents'], color: cells['diaper_color'] || null }),
};
