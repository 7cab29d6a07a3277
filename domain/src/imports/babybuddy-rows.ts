import type { CsvRow } from '../exports/csv';
import { isLocalDate } from '../time/zoned-time';
import type { BabyBuddyTable } from './babybuddy-tables';
import { babyBuddyInstant, babyBuddyInterval } from './babybuddy-times';
import { cellsByColumn, numberCell, RowRefused } from './csv-cells';
import type { BabyBuddyChildRef, ImportOptions, ImportRow, ImportTarget } from './import-rows';

/** Baby Buddy's booleans as its exports write them. */
function flag(cell: string | undefined, column: string): boolean {
  const value = (cell ?? '').trim().toLowerCase();
  if (['1', 'true', 'yes'].includes(value)) return true;
  if (['0', 'false', 'no', ''].includes(value)) return false;
  throw new RowRefused(`${column} must be 1 or 0`);
}

const FEEDING_TYPES: Record<string, 'Breast Milk' | 'Formula'> = { 'breast milk': 'Breast Milk', 'fortified breast milk': 'Breast Milk', formula: 'Formula' };

/** An amount in the unit the parent named: Baby Buddy keeps amounts without one. */
const amountIn = (amount: number | null, { amountUnit }: ImportOptions) => (amount === null ? {} : amountUnit === 'mL' ? { amountMl: amount } : { amountOz: amount });

type Cells = Record<string, string>;

function feedingBody(cells: Cells, options: ImportOptions): Record<string, unknown> {
  const { startedAt, endedAt } = babyBuddyInterval(cells['start'], cells['end'], options.timezone);
  const method = (cells['method'] ?? '').toLowerCase();
  const type = (cells['type'] ?? '').toLowerCase();
  const notes = cells['notes'] ?? '';
  if (type === 'solid food' || method === 'parent fed' || method === 'self fed') throw new RowRefused('A solid-food feeding of Baby Buddy names no food: log it under Solids');
  if (method === 'bottle') {
    const bottleType = FEEDING_TYPES[type];
    if (!bottleType) throw new RowRefused(`type must be breast milk, fortified breast milk or formula, not '${cells['type']}'`);
    // Baby Buddy's bottle form saves the end as the start: such a bottle lasts what one logged here without a duration does.
    const ended = endedAt === startedAt ? {} : { endedAt };
    return { startedAt, ...ended, method: 'Bottle', type: bottleType, ...amountIn(numberCell(cells, 'amount'), options), notes };
  }
  // A side nursed the whole feeding; 'both breasts' does not say how long each.
  const minutes = Math.floor((Date.parse(endedAt) - Date.parse(startedAt)) / 60_000);
  const sides = { 'left breast': { leftMinutes: minutes, rightMinutes: 0 }, 'right breast': { leftMinutes: 0, rightMinutes: minutes }, 'both breasts': null }[method];
  if (sides === undefined) throw new RowRefused(`method must be bottle, left breast, right breast or both breasts, not '${cells['method']}'`);
  return { startedAt, endedAt, method: 'Nursing', sides, notes };
}

function diaperBody(cells: Cells, { timezone }: ImportOptions): Record<string, unknown> {
  const wet = flag(cells['wet'], 'wet');
  const solid = flag(cells['solid'], 'solid');
  const contents = wet && solid ? 'both' : solid ? 'dirty' : wet ? 'wet' : 'dry';
  const color = (cells['color'] ?? '').toLowerCase();
  return { occurredAt: babyBuddyInstant(cells['time'], 'time', timezone), contents, color: color === '' ? null : color, notes: cells['notes'] ?? '' };
}

function sleepBody(cells: Cells, { timezone }: ImportOptions): Record<string, unknown> {
  const { startedAt, endedAt } = babyBuddyInterval(cells['start'], cells['end'], timezone);
  return { startedAt, endedAt, notes: cells['notes'] ?? '' };
}

/**
 * Baby Buddy pumps into one amount, both sides together: it is kept whole as the left side's, the
 * first the form here asks for. Older exports have a single time and no length.
 */
function pumpingBody(cells: Cells, options: ImportOptions): Record<string, unknown> {
  const amount = numberCell(cells, 'amount');
  const common = { leftAmount: amount, rightAmount: null, unit: options.amountUnit, notes: cells['notes'] ?? '' };
  if (cells['start'] === undefined) return { startedAt: babyBuddyInstant(cells['time'], 'time', options.timezone), durationMinutes: null, ...common };
  const { startedAt, endedAt } = babyBuddyInterval(cells['start'], cells['end'], options.timezone);
  const minutes = Math.floor((Date.parse(endedAt) - Date.parse(startedAt)) / 60_000);
  return { startedAt, durationMinutes: minutes === 0 ? null : minutes, ...common };
}

/**
 * Baby Buddy keeps a temperature as a bare number and no method: a body's temperature in °C is
 * below 50 and in °F above 90, so the number says its scale. The method stays unsaid.
 */
function temperatureBody(cells: Cells, { timezone }: ImportOptions): Record<string, unknown> {
  const value = numberCell(cells, 'temperature');
  if (value === null) throw new RowRefused('Temperature is required');
  return { occurredAt: babyBuddyInstant(cells['time'], 'time', timezone), [value < 50 ? 'temperatureC' : 'temperatureF']: value, method: null, notes: cells['notes'] ?? '' };
}

/** Tummy time with its milestone, which Baby Buddy keeps as free text too. */
function tummyTimeBody(cells: Cells, { timezone }: ImportOptions): Record<string, unknown> {
  return { ...babyBuddyInterval(cells['start'], cells['end'], timezone), milestone: cells['milestone'] || null, notes: cells['notes'] ?? '' };
}

/** A measurement of one measure in the system the parent named: Baby Buddy keeps bare numbers. */
const GROWTH_COLUMNS = {
  weight: { column: 'weight', metric: 'weightKg', imperial: 'weightLb' },
  height: { column: 'height', metric: 'lengthCm', imperial: 'lengthIn' },
  'head-circumference': { column: 'head_circumference', metric: 'headCm', imperial: 'headIn' },
} as const;

function growthBody(table: keyof typeof GROWTH_COLUMNS) {
  return (cells: Cells, { growthUnits }: ImportOptions): Record<string, unknown> => {
    // A spreadsheet's date cell reads as that day's midnight.
    const measuredOn = (cells['date'] ?? '').replace(/[ T]00:00(:00)?$/, '');
    if (!isLocalDate(measuredOn)) throw new RowRefused('date must be a date such as 2020-02-14');
    const { column, ...fields } = GROWTH_COLUMNS[table];
    return { measuredOn, [fields[growthUnits]]: numberCell(cells, column) };
  };
}

const READ_AS = {
  feedings: { kind: 'feeding', body: feedingBody },
  sleep: { kind: 'sleep', body: sleepBody },
  'diaper-changes': { kind: 'diaper', body: diaperBody },
  pumping: { kind: 'pumping', body: pumpingBody },
  temperature: { kind: 'temperature', body: temperatureBody },
  'tummy-time': { kind: 'tummyTime', body: tummyTimeBody },
  weight: { kind: 'growth', body: growthBody('weight') },
  height: { kind: 'growth', body: growthBody('height') },
  'head-circumference': { kind: 'growth', body: growthBody('head-circumference') },
} as const satisfies Record<BabyBuddyTable, { kind: ImportTarget; body: (cells: Cells, options: ImportOptions) => Record<string, unknown> }>;

/**
 * The Baby Buddy child a row belongs to: its `child_id`, with the name the export wrote beside it.
 * One object for all the rows of the same child (a large file has hundreds of thousands of rows).
 */
function childrenOfRows(): (cells: Cells) => ImportRow['child'] {
  const known = new Map<string, BabyBuddyChildRef>();
  let last: { id: string; first: string | undefined; lastName: string | undefined; child: BabyBuddyChildRef } | null = null;
  return (cells) => {
    const id = cells['child_id'];
    if (id === undefined) return null;
    const first = cells['child_first_name'];
    const lastName = cells['child_last_name'];
    // Most rows name the child the row before them named.
    if (last && last.id === id && last.first === first && last.lastName === lastName) return last.child;
    const name = [first, lastName].filter(Boolean).join(' ');
    const key = `${id}\n${name}`;
    let child = known.get(key);
    if (!child) known.set(key, (child = { id, name: name === '' ? null : name }));
    last = { id, first, lastName, child };
    return child;
  };
}

const MAX_NOTES = 1000;
const TIME_FIELDS = ['startedAt', 'endedAt', 'occurredAt'] as const;

/**
 * Whether a body made here is already what its kind's request schema makes of it, so that the
 * import may take its kind's rules to it without parsing it first (docs/decisions.md, "Imports").
 * Every field is made here in the schema's form except what passes through from the file: notes
 * (at most 1000 characters), a diaper's colour, a nursing side's minutes (negative when the end is
 * before the start) and times outside the years 0000 to 9999. A body with any of those is parsed as
 * a form's is, for the schema's own messages.
 */
function madeAsParsed(body: Record<string, unknown>): boolean {
  for (const field of TIME_FIELDS) {
    const time = body[field];
    if (time !== undefined && (typeof time !== 'string' || time.length !== 24)) return false;
  }
  const sides = body['sides'] as { leftMinutes: number; rightMinutes: number } | null | undefined;
  return (body['notes'] as string).length <= MAX_NOTES && (body['color'] ?? null) === null && (!sides || (sides.leftMinutes >= 0 && sides.rightMinutes >= 0));
}

/** Reads the rows of one Baby Buddy table as the request bodies of this app's routes. */
export function babyBuddyRowReader(table: BabyBuddyTable, columns: readonly string[], options: ImportOptions): (row: CsvRow) => ImportRow {
  const { kind, body } = READ_AS[table];
  const childOf = childrenOfRows();
  return ({ line, cells: values }) => {
    const cells = cellsByColumn(columns, values);
    const child = childOf(cells);
    try {
      const read = body(cells, options);
      // Its own id when the export has one; otherwise the row's times say which row it is.
      const sourceId = `babybuddy:${table}:${cells['id'] || JSON.stringify([cells['start'] ?? cells['time'] ?? cells['date'], cells['end'] ?? ''])}`;
      return { line, kind, sourceId, body: read, asParsed: kind !== 'growth' && madeAsParsed(read), child };
    } catch (error) {
      if (error instanceof RowRefused) return { line, refused: error.message, child };
      throw error;
    }
  };
}
