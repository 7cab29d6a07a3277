import type { EntryKind } from '../entries/entry-kinds';
import { CsvError, type CsvRow } from '../exports/csv';
import type { GrowthUnits, VolumeUnit } from '../units/units';
import { babyBuddyRowReader } from './babybuddy-rows';
import { babyBuddyTableOf } from './babybuddy-tables';
import { ownCsvRowReader, isOwnCsv } from './own-csv-rows';

/** What a row becomes here: an entry of a kind, or a growth measurement. */
export type ImportTarget = EntryKind | 'growth';

/**
 * One row of a file read for import: the request body of its kind's route (without the child,
 * which the import names), and `sourceId`, what makes the row the same row when imported again; or
 * the reason it cannot be imported. `child`: the other tracker's child the row belongs to, when the
 * file names one. `asParsed`: the body is already what its kind's request schema makes of it, so
 * its kind's rules may take it as it is.
 */
export type ImportRow =
  | { line: number; kind: ImportTarget; sourceId: string; body: Record<string, unknown>; asParsed: boolean; child: BabyBuddyChildRef | null }
  | { line: number; refused: string; child: BabyBuddyChildRef | null };

export type BabyBuddyChildRef = { id: string; name: string | null };

export type ImportFormat =
  | 'nightlight'
  | 'babybuddy-feedings'
  | 'babybuddy-sleep'
  | 'babybuddy-diaper-changes'
  | 'babybuddy-pumping'
  | 'babybuddy-temperature'
  | 'babybuddy-tummy-time'
  | 'babybuddy-weight'
  | 'babybuddy-height'
  | 'babybuddy-head-circumference';

export interface ImportOptions {
  timezone: string;
  /** Baby Buddy's amounts carry no unit: the parent says which one they logged in. */
  amountUnit: VolumeUnit;
  /** Nor do its weights and lengths: kg and cm, or lb and in. */
  growthUnits: GrowthUnits;
}

export class ImportFormatError extends CsvError {}

/**
 * How a file's rows are read, told by its header: this app's export, or one of Baby Buddy's. A
 * reader of one row at a time, so that a large file is read in slices.
 */
export function importReader(header: CsvRow | undefined, options: ImportOptions): { format: ImportFormat; rowOf: (row: CsvRow) => ImportRow } {
  if (!header) throw new ImportFormatError('The file is empty');
  const columns = header.cells.map((cell) => cell.trim().toLowerCase());
  if (isOwnCsv(columns)) return { format: 'nightlight', rowOf: ownCsvRowReader(columns) };
  const table = babyBuddyTableOf(columns);
  if (table && 'refused' in table) throw new ImportFormatError(table.refused);
  if (table) return { format: `babybuddy-${table.table}`, rowOf: babyBuddyRowReader(table.table, columns, options) };
  throw new ImportFormatError(
    "The file's columns are not those of an export of this app, nor of Baby Buddy's feedings, sleep, diaper changes, pumping, temperature, tummy time, weight, height or head circumference",
  );
}
