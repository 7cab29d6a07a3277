import { ImportFormatError, type BabyBuddyChildRef } from './import-rows';

/** A row of a file, as far as its child goes. */
type OfChild = { child: BabyBuddyChildRef | null };

/** A child of the other tracker that a file holds rows of: its id there, its name as written, and its count of rows. */
export interface FileChild {
  id: string;
  name: string | null;
  rows: number;
}

/** The children a file's rows belong to, in the order the file first names them. */
export function childrenInFile(rows: readonly OfChild[]): FileChild[] {
  const children = new Map<string, FileChild>();
  for (const { child } of rows) {
    if (!child) continue;
    const known = children.get(child.id);
    if (known) {
      known.rows++;
      known.name ??= child.name;
    } else children.set(child.id, { id: child.id, name: child.name, rows: 1 });
  }
  return [...children.values()];
}

const named = (child: FileChild) => (child.name ? `${child.name} (${child.id})` : child.id);

/**
 * The chosen child's rows: a file of one child needs no choice, a file of several needs one, and
 * a child the file does not hold is refused. `undefined` when several are there and none is chosen
 * yet (a preview shows them, to choose from).
 */
export function rowsOfChild<Row extends OfChild>(rows: readonly Row[], children: readonly FileChild[], chosen: string | undefined): { child: string | null; rows: readonly Row[] } | undefined {
  if (chosen !== undefined && !children.some((child) => child.id === chosen)) {
    throw new ImportFormatError(`Baby Buddy child ${chosen} is not in the file: it holds ${children.length === 0 ? 'no child_id column' : children.map(named).join(', ')}`);
  }
  if (chosen === undefined && children.length > 1) return undefined;
  const child = chosen ?? children[0]?.id ?? null;
  return { child, rows: child === null ? rows : rows.filter((row) => row.child?.id === child) };
}

/** The import's refusal when a file holds several children and none was chosen. */
export const severalChildren = (children: readonly FileChild[]): ImportFormatError =>
  new ImportFormatError(`The file holds the entries of ${children.length} Baby Buddy children, ${children.map(named).join(', ')}: choose one (babyBuddyChild)`);
