/**
 * CSV as RFC 4180 writes it: fields with a comma, a quote or a line break are quoted, quotes doubled,
 * lines end with CRLF. Free text that a spreadsheet would run as a formula (it starts with = + - @,
 * a tab or a carriage return) gets a leading apostrophe, and so does text that starts with one,
 * so reading it back removes exactly the apostrophe writing added.
 */
const FORMULA_START = /^[=+\-@\t\r']/;
const NEEDS_QUOTES = /[",\r\n]/;

export const csvText = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/** A number or a fixed word as a cell; empty for null. */
export const csvValue = (value: number | string | null | undefined): string => (value === null || value === undefined ? '' : String(value));

/** The text `csvText` wrote. */
export const fromCsvText = (cell: string): string => (cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell);

const field = (value: string): string => (NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

export const csvLine = (values: readonly string[]): string => `${values.map(field).join(',')}\r\n`;

export class CsvError extends Error {}

/** A row of a CSV file: its cells, and the line it starts on for messages about it. */
export type CsvRow = { line: number; cells: string[] };

/**
 * The rows of a CSV text: quoted fields may hold commas, doubled quotes and line breaks; lines end
 * with CRLF or LF; a byte-order mark and blank lines are skipped. Each row comes with the line it
 * starts on, for messages about it.
 */
export const parseCsv = (text: string): CsvRow[] => [...csvRows(text)];

/** parseCsv one row at a time, so that a reader of a large file can pause between rows. */
export function* csvRows(text: string): Generator<CsvRow> {
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRow = (): CsvRow | null => {
    cells.push(cell);
    const row = cells.length > 1 || cells[0] !== '' ? { line: rowLine, cells } : null;
    cells = [];
    cell = '';
    return row;
  };
  for (; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (char === '\n') line++;
        cell += char;
      }
      continue;
    }
    if (char === '"' && cell === '') quoted = true;
    else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      const row = endRow();
      if (row) yield row;
      line++;
      rowLine = line;
    } else cell += char;
  }
  if (quoted) throw new CsvError(`Line ${rowLine}: a quoted field is not closed`);
  if (cell !== '' || cells.length > 0) {
    const row = endRow();
    if (row) yield row;
  }
}
