import { entryKind } from '../entries/all-entry-kinds';
import { ENTRY_KIND_NAMES, type EntryKind } from '../entries/entry-kinds';
import { fromCsvText, type CsvRow } from '../exports/csv';
import { cellsByColumn, RowRefused } from './csv-cells';
import type { ImportRow } from './import-rows';

/** This app's export, told by the columns an import reads. */
export const isOwnCsv = (columns: readonly string[]): boolean => ['kind', 'started_utc', 'ended_utc', 'id'].every((column) => columns.includes(column));

/** The request body of a row of this app's export: its kind's columns, then the notes every kind has. */
function bodyOf(kind: EntryKind, cells: Record<string, string>): Record<string, unknown> {
  return { ...entryKind(kind).csv.body(cells), notes: fromCsvText(cells['notes'] ?? '') };
}

export function ownCsvRowReader(columns: readonly string[]): (row: CsvRow) => ImportRow {
  return ({ line, cells: values }) => {
    const cells = cellsByColumn(columns, values);
    const kind = cells['kind'] as EntryKind;
    if (!ENTRY_KIND_NAMES.includes(kind)) return { line, refused: `kind must be ${ENTRY_KIND_NAMES.join(', ')}`, child: null };
    try {
      return { line, kind, sourceId: cells['id'] ?? '', body: bodyOf(kind, cells), asParsed: false, child: null };
    } catch (error) {
      if (error instanceof RowRefused) return { line, refused: error.message, child: null };
      throw error;
    }
  };
}
