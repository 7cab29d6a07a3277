import { isLocalDate } from '../time/zoned-time';
import { instantOfLocal } from '../time/zoned-time';
import { cellsByColumn, numberCell, RowRefused } from './csv-cells';
import type { ImportOptions, ImportRow } from './import-rows';

/**
 * Baby Buddy's CSV exports (its admin's export, django-import-export, one file per table; read from
 * its `core/admin.py`, `core/models.py` and the import fixtures in `core/tests/import/`). A file
 * holds one table: told by its columns.
 */
export type BabyBuddyTable = 'feedings' | 'sleep' | 'diaper-changes';

export function babyBuddyTableOf(columns: readonly string[]): BabyBuddyTable | null {
  const has = (...names: string[]) => names.every((name) => columns.includes(name));
  if (has('start', 'end', 'type', 'method')) return 'feedings';
  if (has('time', 'wet', 'solid')) return 'diaper-changes';
  if (has('start', 'end')) return 'sleep';
  return null;
}

const BB_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
const WITH_OFFSET = /(Z|[+-]\d{2}:?\d{2})$/;

/**
 * Baby Buddy writes times in its server's zone without an offset ('2020-02-17 03:04:09'): they are
 * read in the child's zone. A time with an offset or Z is read as it says.
 */
function instantOf(cell: string | undefined, column: string, timezone: string): string {
  const value = (cell ?? '').trim();
  if (WITH_OFFSET.test(value) && !Number.isNaN(Date.parse(value))) return new Date(value).toISOString();
  const match = BB_DATE_TIME.exec(value);
  if (!match || !isLocalDate(match[1]!)) throw new RowRefused(`${column} must be a date and time such as 2020-02-17 03:04:09`);
  const instant = instantOfLocal(match[1]!, match[2]!, timezone).getTime() + Number(match[3] ?? 0) * 1000;
  return new Date(instant).toISOString();
}

/** Baby Buddy's booleans as its exports write them. */
function flag(cell: string | undefined, column: string): boolean {
  const value = (cell ?? '').trim().toLowerCase();
  if (['1', 'true', 'yes'].includes(value)) return true;
  if (['0', 'false', 'no', ''].includes(value)) return false;
  throw new RowRefused(`${column} must be 1 or 0`);
}

const FEEDING_TYPES: Record<string, 'Breast Milk' | 'Formula'> = { 'breast milk': 'Breast Milk', 'fortified breast milk': 'Breast Milk', formula: 'Formula' };

function feedingBody(cells: Record<string, string>, { timezone, amountUnit }: ImportOptions): Record<string, unknown> {
  const startedAt = instantOf(cells['start'], 'start', timezone);
  const endedAt = instantOf(cells['end'], 'end', timezone);
  const method = (cells['method'] ?? '').toLowerCase();
  const type = (cells['type'] ?? '').toLowerCase();
  const notes = cells['notes'] ?? '';
  if (type === 'solid food' || method === 'parent fed' || method === 'self fed') throw new RowRefused('Solid food is not tracked by this app');
  if (method === 'bottle') {
    const bottleType = FEEDING_TYPES[type];
    if (!bottleType) throw new RowRefused(`type must be breast milk, fortified breast milk or formula, not '${cells['type']}'`);
    const amount = numberCell(cells, 'amount');
    return { startedAt, endedAt, method: 'Bottle', type: bottleType, ...(amount === null ? {} : amountUnit === 'mL' ? { amountMl: amount } : { amountOz: amount }), notes };
  }
  // A side nursed the whole feeding; 'both breasts' does not say how long each.
  const minutes = Math.floor((Date.parse(endedAt) - Date.parse(startedAt)) / 60_000);
  const sides = { 'left breast': { leftMinutes: minutes, rightMinutes: 0 }, 'right breast': { leftMinutes: 0, rightMinutes: minutes }, 'both breasts': null }[method];
  if (sides === undefined) throw new RowRefused(`method must be bottle, left breast, right breast or both breasts, not '${cells['method']}'`);
  return { startedAt, endedAt, method: 'Nursing', sides, notes };
}

function diaperBody(cells: Record<string, string>, { timezone }: ImportOptions): Record<string, unknown> {
  const wet = flag(cells['wet'], 'wet');
  const solid = flag(cells['solid'], 'solid');
  const contents = wet && solid ? 'both' : solid ? 'dirty' : wet ? 'wet' : 'dry';
  const color = (cells['color'] ?? '').toLowerCase();
  return { occurredAt: instantOf(cells['time'], 'time', timezone), contents, color: color === '' ? null : color, notes: cells['notes'] ?? '' };
}

function sleepBody(cells: Record<string, string>, { timezone }: ImportOptions): Record<string, unknown> {
  return { startedAt: instantOf(cells['start'], 'start', timezone), endedAt: instantOf(cells['end'], 'end', timezone), notes: cells['notes'] ?? '' };
}

const KIND_OF = { feedings: 'feeding', sleep: 'sleep', 'diaper-changes': 'diaper' } as const satisfies Record<BabyBuddyTable, string>;
const BODY_OF = { feedings: feedingBody, sleep: sleepBody, 'diaper-changes': diaperBody } satisfies Record<BabyBuddyTable, unknown>;

export function babyBuddyRows(table: BabyBuddyTable, columns: readonly string[], rows: readonly { line: number; cells: string[] }[], options: ImportOptions): ImportRow[] {
  return rows.map(({ line, cells: values }) => {
    const cells = cellsByColumn(columns, values);
    try {
      const body = BODY_OF[table](cells, options);
      // Its own id when the export has one; otherwise the row's times say which row it is.
      const sourceId = `babybuddy:${table}:${cells['id'] || JSON.stringify([cells['start'] ?? cells['time'], cells['end'] ?? ''])}`;
      return { line, kind: KIND_OF[table], sourceId, body };
    } catch (error) {
      if (error instanceof RowRefused) return { line, refused: error.message };
      throw error;
    }
  });
}
