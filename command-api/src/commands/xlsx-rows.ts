import ExcelJS from 'exceljs';
import type { CsvRow } from '@nightlight/domain/exports/csv';
import { HttpError } from '@nightlight/infrastructure/http/http-errors';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A spreadsheet date has no zone: the reader gives it as that wall time in UTC, written back as
 * the wall time CSV exports have ('2020-02-17 03:04:09').
 */
const wallTime = (date: Date) =>
  `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return wallTime(value);
  if (typeof value !== 'object') return String(value);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
  if ('text' in value) return String(value.text);
  return '';
}

/**
 * The rows of an XLSX file's first sheet as a CSV file's rows, every cell as text: Baby Buddy
 * exports its tables as readily in XLSX as in CSV, with the same columns.
 */
export async function xlsxRows(base64: string): Promise<CsvRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(base64, 'base64') as unknown as ExcelJS.Buffer);
  } catch {
    throw new HttpError(400, 'The file could not be read as an XLSX workbook');
  }
  const sheet = workbook.worksheets[0];
  const rows: CsvRow[] = [];
  sheet?.eachRow((row, line) => {
    // values is 1-based: its first item is always empty.
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    rows.push({ line, cells: Array.from(values, (value) => cellText(value)) });
  });
  return rows;
}
