import { entryKind } from '../entries/all-entry-kinds';
import type { EntryKind } from '../entries/entry-kinds';
import type { EntryApiViews } from '../read-models/timeline/timeline-document';
import { localDateTimeOf } from '../time/zoned-time';
import type { Units } from '../units/units';
import { csvText } from './csv';

/**
 * The columns of a child's CSV export, one row per entry: a file format, documented in docs/api.md,
 * so its columns are listed here in their order and each kind fills its own. Times are given twice: in the child's
 * zone to read, and in UTC to import. A bottle's amount is given in the reader's unit to read, and
 * as entered to import without rounding; pumped amounts are kept in the unit they were entered in.
 */
export const ENTRY_CSV_COLUMNS = [
  'kind',
  'started_local',
  'ended_local',
  'started_utc',
  'ended_utc',
  'timezone',
  'method',
  'feeding_type',
  'amount',
  'amount_unit',
  'amount_as_entered',
  'unit_as_entered',
  'left_minutes',
  'right_minutes',
  'duration_minutes',
  'pumped_left',
  'pumped_right',
  'pumped_unit',
  'diaper_contents',
  'diaper_color',
  'room_temp_f',
  'white_noise',
  'sleep_sack',
  'notes',
  'logged_by',
  'id',
] as const;

export type EntryCsvColumn = (typeof ENTRY_CSV_COLUMNS)[number];
export type EntryCsvRow = Record<EntryCsvColumn, string>;

/** A kind's own cells of a row; the columns it leaves out stay ''. */
export type EntryCsvCells = Partial<Record<EntryCsvColumn, string>>;

/** An entry as the API answers it, with its kind. */
export type KindView = { [K in EntryKind]: { kind: K; view: EntryApiViews[K] } }[EntryKind];

const localText = (iso: string, timezone: string) => localDateTimeOf(iso, timezone).replace('T', ' ');

/** An entry's row: its columns by name, every one a string ('' for what does not apply). */
export function entryCsvRow(entry: KindView, timezone: string, units: Units | null): EntryCsvRow {
  const row = Object.fromEntries(ENTRY_CSV_COLUMNS.map((column) => [column, ''])) as EntryCsvRow;
  const { view } = entry;
  const { startedAt, endedAt, cells } = entryKind(entry.kind).csv.row(view, units);
  Object.assign(row, { kind: entry.kind, started_local: localText(startedAt, timezone), ended_local: localText(endedAt, timezone), started_utc: startedAt, ended_utc: endedAt, timezone });
  Object.assign(row, cells, { notes: csvText(view.notes), logged_by: csvText(view.loggedBy.displayName), id: view.id });
  return row;
}

export const entryCsvValues = (row: EntryCsvRow): string[] => ENTRY_CSV_COLUMNS.map((column) => row[column]);
