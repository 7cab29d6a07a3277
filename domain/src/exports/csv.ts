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

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

/**
 * parseCsv one row at a time, so that a reader of a large file can pause between rows. A cell is
 * taken from the text in one piece where it can be (not built up character by character): a 16 MB
 * import reads millions of them.
 */
export function* csvRows(text: string): Generator<CsvRow> {
  let cells: string[] = [];
  /** What the cell holds before `from`, where quotes were read: empty for a plain cell. */
  let cell = '';
  let from = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const cellUpTo = (end: number): string => (cell === '' ? text.slice(from, end) : cell + text.slice(from, end));
  const endRow = (last: string): CsvRow | null => {
    cells.push(last);
    const row = cells.length > 1 || cells[0] !== '' ? { line: rowLine, cells } : null;
    cells = [];
    cell = '';
    return row;
  };
  for (let i = from; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (quoted) {
      if (code === QUOTE) {
        cell = cellUpTo(i);
        if (text.charCodeAt(i + 1) === QUOTE) {
          cell += '"';
          i++;
        } else quoted = false;
        from = i + 1;
      } else if (code === LF) line++;
      continue;
    }
    if (code === QUOTE && cell === '' && from === i) {
      quoted = true;
      from = i + 1;
    } else if (code === COMMA) {
      cells.push(cellUpTo(i));
      cell = '';
      from = i + 1;
    } else if (code === LF || code === CR) {
      const row = endRow(cellUpTo(i));
      if (code === CR && text.charCodeAt(i + 1) === LF) i++;
      from = i + 1;
      if (row) yield row;
      line++;
      rowLine = line;
    }
  }
  if (quoted) throw new CsvError(`Line ${rowLine}: a quoted field is not closed`);
  const last = cellUpTo(text.length);
  if (last !== '' || cells.length > 0) {
    const row = endRow(last);
    if (row) yield row;
  }
}
