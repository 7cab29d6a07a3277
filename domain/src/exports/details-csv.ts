import type { z } from 'zod';
import type { EntryCsv } from '../entries/entry-kind-definition';
import { numberCell, RowRefused } from '../imports/csv-cells';
import { csvText, csvValue, fromCsvText } from './csv';

type Cell = 'text' | 'word' | 'number' | 'flag';

/** What a detail's cell holds, by its schema: free text, a word of a fixed list, a number or a yes/no. */
function cellOf(schema: z.ZodType): Cell | null {
  const def = schema._zod.def as { type: string; innerType?: z.ZodType };
  switch (def.type) {
    case 'string':
      return 'text';
    case 'enum':
    case 'literal':
      return 'word';
    case 'number':
      return 'number';
    case 'boolean':
      return 'flag';
    case 'nullable':
    case 'optional':
      return cellOf(def.innerType!);
    default:
      return null;
  }
}

const snake = (name: string): string => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** A detail's column: the kind's name, then the field's ('solid_food'), the kind's name once ('temperature_c' for `temperatureC`). */
export function detailColumn(kind: string, field: string): string {
  const prefix = snake(kind);
  const name = snake(field);
  return name.startsWith(prefix) ? name : `${prefix}_${name}`;
}

/**
 * The CSV columns of a kind whose request takes its details as its events record them: one column a
 * detail, named by `detailColumn`. Free text is written so no spreadsheet reads it as a formula; a
 * yes/no as 'yes' or 'no'; nothing as an empty cell. Read back, each cell is the request's field.
 */
export function detailsCsv(kind: string, startField: 'startedAt' | 'occurredAt', details: z.ZodObject, sealed: readonly string[]): EntryCsv {
  const fields = Object.entries(details.shape).map(([field, schema]) => {
    const cell = cellOf(schema as z.ZodType);
    if (cell === null) throw new Error(`${kind}: ${field} has no CSV cell of its own: declare the kind's csv`);
    return { field, column: detailColumn(kind, field), cell: cell === 'text' && !sealed.includes(field) ? ('word' as const) : cell };
  });
  return {
    columns: fields.map(({ column }) => column),
    cells: (view) =>
      Object.fromEntries(
        fields.map(({ field, column, cell }) => {
          const value = (view as Record<string, unknown>)[field] as string | number | boolean | null;
          if (value === null || value === undefined) return [column, ''];
          return [column, cell === 'flag' ? (value ? 'yes' : 'no') : cell === 'text' ? csvText(String(value)) : csvValue(value as string | number)];
        }),
      ),
    body(cells) {
      const times = startField === 'occurredAt' ? { occurredAt: cells['started_utc'] } : { startedAt: cells['started_utc'], endedAt: cells['ended_utc'] };
      const read = (column: string, cell: Cell): unknown => {
        const value = cells[column] ?? '';
        if (cell === 'number') return numberCell(cells, column);
        if (value === '') return null;
        if (cell === 'flag') {
          if (value !== 'yes' && value !== 'no') throw new RowRefused(`${column} must be yes or no`);
          return value === 'yes';
        }
        return cell === 'text' ? fromCsvText(value) : value;
      };
      // An empty cell is a field left out: the request's default, or its refusal of a missing field.
      return { ...times, ...Object.fromEntries(fields.map(({ field, column, cell }) => [field, read(column, cell)]).filter(([, value]) => value !== null)) };
    },
  };
}
