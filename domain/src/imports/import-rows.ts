import type { EntryKind } from '../entries/entry-kinds';
import type { VolumeUnit } from '../units/units';
import { CsvError, parseCsv } from '../exports/csv';
import { babyBuddyRows, babyBuddyTableOf } from './babybuddy-rows';
import { ownCsvRows, isOwnCsv } from './own-csv-rows';

/**
 * One CSV row read for import: the request body of its kind's route (without the child, which the
 * import names), and `sourceId`, what makes the row the same row when imported again; or the
 * reason it cannot be imported.
 */
export type ImportRow = { line: number; kind: EntryKind; sourceId: string; body: Record<string, unknown> } | { line: number; refused: string };

export type ImportFormat = 'nightlight' | 'babybuddy-feedings' | 'babybuddy-sleep' | 'babybuddy-diaper-changes';

export interface ImportOptions {
  timezone: string;
  /** Baby Buddy's amounts carry no unit: the parent says which one they logged in. */
  amountUnit: VolumeUnit;
}

export class ImportFormatError extends CsvError {}

/** The rows of a CSV export, this app's or one of Baby Buddy's, as entry requests and refusals. */
export function importRows(csv: string, options: ImportOptions): { format: ImportFormat; rows: ImportRow[] } {
  const [header, ...rows] = parseCsv(csv);
  if (!header) throw new ImportFormatError('The file is empty');
  const columns = header.cells.map((cell) => cell.trim().toLowerCase());
  if (isOwnCsv(columns)) return { format: 'nightlight', rows: ownCsvRows(columns, rows) };
  const table = babyBuddyTableOf(columns);
  if (table) return { format: `babybuddy-${table}`, rows: babyBuddyRows(table, columns, rows, options) };
  throw new ImportFormatError(
    "The file's columns are not those of an export of this app, nor of Baby Buddy's feedings, sleep or diaper changes",
  );
}

