import { ENTRY_KIND_NAMES, type EntryKind } from '../entries/entry-kinds';
import { fromCsvText } from '../exports/csv';
import { cellsByColumn, numberCell, RowRefused, type ImportRow } from './import-rows';

/** This app's export, told by the columns an import reads. */
export const isOwnCsv = (columns: readonly string[]): boolean => ['kind', 'started_utc', 'ended_utc', 'id'].every((column) => columns.includes(column));

const orNull = (cell: string | undefined): string | null => (cell ? cell : null);

/** The request body of a row of this app's export: the times in UTC, amounts as they were entered. */
function bodyOf(kind: EntryKind, cells: Record<string, string>): Record<string, unknown> {
  const notes = fromCsvText(cells['notes'] ?? '');
  switch (kind) {
    case 'feeding': {
      const asEntered = numberCell(cells, 'amount_as_entered');
      const unit = cells['unit_as_entered'];
      const left = numberCell(cells, 'left_minutes');
      const right = numberCell(cells, 'right_minutes');
      return {
        startedAt: cells['started_utc'],
        endedAt: cells['ended_utc'],
        method: cells['method'],
        type: orNull(cells['feeding_type']),
        ...(asEntered === null ? {} : unit === 'mL' ? { amountMl: asEntered } : { amountOz: asEntered }),
        sides: left === null && right === null ? null : { leftMinutes: left ?? 0, rightMinutes: right ?? 0 },
        notes,
      };
    }
    case 'sleep': {
      const roomTemp = numberCell(cells, 'room_temp_f');
      const hasEnvironment = roomTemp !== null || cells['white_noise'] || cells['sleep_sack'];
      const environment = hasEnvironment ? { roomTemp, whiteNoise: cells['white_noise'] === 'yes', sleepSackTag: orNull(fromCsvText(cells['sleep_sack'] ?? '')) } : null;
      return { startedAt: cells['started_utc'], endedAt: cells['ended_utc'], environment, notes };
    }
    case 'diaper':
      return { occurredAt: cells['started_utc'], contents: cells['diaper_contents'], color: orNull(cells['diaper_color']), notes };
    case 'pumping':
      return {
        startedAt: cells['started_utc'],
        durationMinutes: numberCell(cells, 'duration_minutes'),
        leftAmount: numberCell(cells, 'pumped_left'),
        rightAmount: numberCell(cells, 'pumped_right'),
        unit: cells['pumped_unit'],
        notes,
      };
    default: {
      const exhaustive: never = kind;
      return exhaustive;
    }
  }
}

export function ownCsvRows(columns: readonly string[], rows: readonly { line: number; cells: string[] }[]): ImportRow[] {
  return rows.map(({ line, cells: values }) => {
    const cells = cellsByColumn(columns, values);
    const kind = cells['kind'] as EntryKind;
    if (!ENTRY_KIND_NAMES.includes(kind)) return { line, refused: `kind must be ${ENTRY_KIND_NAMES.join(', ')}` };
    try {
      return { line, kind, sourceId: cells['id'] ?? '', body: bodyOf(kind, cells) };
    } catch (error) {
      if (error instanceof RowRefused) return { line, refused: error.message };
      throw error;
    }
  });
}
