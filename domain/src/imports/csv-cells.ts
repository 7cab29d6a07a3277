// Reading the cells of an imported CSV row: shared by each format and each kind's columns.

/** A row's cells by column name; a missing cell reads as empty. */
export function cellsByColumn(columns: readonly string[], cells: readonly string[]): Record<string, string> {
  // A loop, not fromEntries: every row of a file of hundreds of thousands goes through here.
  const byColumn: Record<string, string> = {};
  for (let index = 0; index < columns.length; index++) byColumn[columns[index]!] = (cells[index] ?? '').trim();
  return byColumn;
}

/** A number cell: empty is null; anything else that is not a number is refused with the column's name. */
export function numberCell(cells: Record<string, string>, column: string): number | null {
  const cell = cells[column] ?? '';
  if (cell === '') return null;
  const value = Number(cell);
  if (!Number.isFinite(value)) throw new RowRefused(`${column} is not a number: '${cell}'`);
  return value;
}

/** Why a row cannot be imported, said in the preview beside its line. */
export class RowRefused extends Error {}
