import { ENTRY_KIND_LIST, entryKind } from '../entries/all-entry-kinds';
import type { EntryKind } from '../entries/entry-kinds';
import type { EntryApiViews } from '../read-models/timeline/timeline-document';
import { localDateTimeOf } from '../time/zoned-time';
import type { Units } from '../units/units';
import { csvText } from './csv';

/**
 * The columns of a child's CSV export, one row per entry: what every entry has, then each kind's own
 * columns in the order of the kinds, then the notes, who logged it and its id. Times are given
 * twice: in the child's zone to read, and in UTC to import. docs/api.md describes each kind's
 * columns; an import reads them by name, whatever their order.
 */
export const ENTRY_CSV_COLUMNS: readonly string[] = [
  'kind',
  'started_local',
  'ended_local',
  'started_utc',
  'ended_utc',
  'timezone',
  ...ENTRY_KIND_LIST.flatMap(({ csv }) => csv.columns),
  'notes',
  'logged_by',
  'id',
];

export type EntryCsvRow = Record<string, string>;

/** An entry as the API answers it, with its kind. */
export type KindView = { [K in EntryKind]: { kind: K; view: EntryApiViews[K] } }[EntryKind];

const localText = (iso: string, timezone: string) => localDateTimeOf(iso, timezone).replace('T', ' ');

/** An entry's row: its columns by name, every one a string ('' for what does not apply). */
export function entryCsvRow(entry: KindView, timezone: string, units: Units | null): EntryCsvRow {
  const row: EntryCsvRow = Object.fromEntries(ENTRY_CSV_COLUMNS.map((column) => [column, '']));
  const { view } = entry;
  const { csv, recordedOf } = entryKind(entry.kind);
  const { startedAt, endedAt } = recordedOf(view as unknown as Record<string, unknown>);
  Object.assign(row, { kind: entry.kind, started_local: localText(startedAt, timezone), ended_local: localText(endedAt, timezone), started_utc: startedAt, ended_utc: endedAt, timezone });
  Object.assign(row, csv.cells(view, units), { notes: csvText(view.notes), logged_by: csvText(view.loggedBy.displayName), id: view.id });
  return row;
}

export const entryCsvValues = (row: EntryCsvRow): string[] => ENTRY_CSV_COLUMNS.map((column) => row[column]!);
