/**
 * Baby Buddy's exports (its admin's export through django-import-export, one file per table, as
 * CSV or XLSX). The columns are the model's fields (`core/models.py`, in their order, `duration`
 * left out) after `id`, `child_id`, `child_first_name` and `child_last_name` (`core/admin.py`),
 * and `tags` last; older exports and Baby Buddy's own test files have fewer. A file holds one
 * table: told by the columns only that table has.
 */
export type BabyBuddyTable = 'feedings' | 'sleep' | 'diaper-changes' | 'pumping' | 'temperature' | 'tummy-time' | 'weight' | 'height' | 'head-circumference';

/** Tables of Baby Buddy whose kind this app does not keep: the file is refused, naming the kind. */
const NOT_KEPT: { columns: string[]; refusal: string; export: string }[] = [
  { columns: ['bmi', 'date'], refusal: 'BMI is not tracked by this app', export: 'BMI' },
  { columns: ['note', 'time'], refusal: 'Notes on their own are not tracked by this app: here a note belongs to an entry', export: 'notes' },
  { columns: ['name', 'dosage'], refusal: 'Medication is not imported from Baby Buddy: log its doses here', export: 'medication' },
  { columns: ['name', 'slug', 'color'], refusal: 'Tags are not tracked by this app', export: 'tags' },
  { columns: ['first_name', 'birth_date'], refusal: 'Children are not imported: add the child here, then import its entries', export: 'children' },
];

/** The table a file's columns are, or why it is refused: null when they are no Baby Buddy export. */
export function babyBuddyTableOf(columns: readonly string[]): { table: BabyBuddyTable } | { refused: string } | null {
  const has = (...names: string[]) => names.every((name) => columns.includes(name));
  const notKept = NOT_KEPT.find((table) => has(...table.columns));
  if (notKept) return { refused: `${notKept.refusal} (the file is Baby Buddy's ${notKept.export} export)` };
  if (has('start', 'end', 'type', 'method')) return { table: 'feedings' };
  if (has('start', 'end', 'milestone')) return { table: 'tummy-time' };
  if (has('time', 'wet', 'solid')) return { table: 'diaper-changes' };
  if (has('temperature', 'time')) return { table: 'temperature' };
  // Pumping had a single time before it had a start and an end; both have an amount and nothing else of their own.
  if (has('amount') && (has('start', 'end') || has('time'))) return { table: 'pumping' };
  if (has('start', 'end')) return { table: 'sleep' };
  if (has('weight', 'date')) return { table: 'weight' };
  if (has('height', 'date')) return { table: 'height' };
  if (has('head_circumference', 'date')) return { table: 'head-circumference' };
  return null;
}
