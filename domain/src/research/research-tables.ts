import { z } from 'zod';
import type { Sex } from '../children/child.events';
import type { LocalDate } from '../time/zoned-time';
import type { AgeFrom } from './child-research-facts';
import { researchLineSchema } from './research-line.schemas';
import type { ChildRegisteredLine, EntryLine, KindColumns, ResearchEntryKind, ResearchLine } from './research-lines';
import type { ShiftedTimes } from './shifted-clock';

/** One entry as it finally stands: corrections applied, deleted entries gone. */
export type EntryRow = { stream: string; entry: string; kind: ResearchEntryKind; sex: Sex } & ShiftedTimes & { [K in keyof KindColumns]: KindColumns[K] | null };

/** One child of the release. */
export interface ChildRow {
  stream: string;
  sex: Sex;
  shiftedBirthDate: LocalDate | null;
  ageFrom: AgeFrom | null;
  nightWindowStart: string;
  nightWindowEnd: string;
  /** The parent's account was deleted: ages count from the birth month. */
  anonymized: boolean;
  /** Entries that stand. */
  entries: number;
  firstLocalDate: LocalDate | null;
  lastLocalDate: LocalDate | null;
}

export interface ChildFinalState {
  child: ChildRow;
  entries: EntryRow[];
}

const byDateAndTime = (a: EntryRow, b: EntryRow): number =>
  a.localDate.localeCompare(b.localDate) || (a.shiftedAt ?? '').localeCompare(b.shiftedAt ?? '') || a.entry.localeCompare(b.entry);

/**
 * What one stream's lines, applied in `seq` order, leave standing: each entry's last line unless it
 * was withdrawn, and the child as its first line and any anonymisation say. Null without the
 * child's line.
 */
export function finalStateOf(lines: readonly ResearchLine[]): ChildFinalState | null {
  let registered: ChildRegisteredLine | null = null;
  let anonymized = false;
  const entries = new Map<string, EntryLine>();
  for (const line of lines) {
    if (line.kind === 'child-registered') registered = line;
    else if (line.kind === 'child-anonymized') anonymized = true;
    else if (line.kind.endsWith('-deleted')) entries.delete(line.entry);
    else entries.set(line.entry, line);
  }
  if (!registered) return null;
  const rows = [...entries.values()].map(entryRowOf).sort(byDateAndTime);
  const { stream, sex, shiftedBirthDate, ageFrom, nightWindowStart, nightWindowEnd } = registered;
  return {
    child: { stream, sex, shiftedBirthDate, ageFrom, nightWindowStart, nightWindowEnd, anonymized, entries: rows.length, firstLocalDate: rows[0]?.localDate ?? null, lastLocalDate: rows.at(-1)?.localDate ?? null },
    entries: rows,
  };
}

function entryRowOf({ schemaVersion: _version, seq: _seq, kind, ...rest }: EntryLine): EntryRow {
  const { stream, entry, sex, ...columns } = rest;
  return { stream, entry, kind: kind.slice(0, kind.lastIndexOf('-')) as ResearchEntryKind, sex, ...columns };
}

export type ColumnType = 'STRING' | 'INT32' | 'DOUBLE' | 'BOOLEAN';
export interface TableColumn {
  name: string;
  type: ColumnType;
}

/** A column's type from the schema that describes its values in the lines. */
function columnTypeOf(schema: z.ZodType): ColumnType {
  const inner = schema instanceof z.ZodNullable ? (schema.unwrap() as z.ZodType) : schema;
  if (inner instanceof z.ZodBoolean) return 'BOOLEAN';
  if (inner instanceof z.ZodNumber) return inner.format === 'safeint' ? 'INT32' : 'DOUBLE';
  return 'STRING';
}

/** The shapes of every entry line: an entry table column takes its type from the first that gives it one that is not null. */
const entryLineShapes = researchLineSchema.options
  .filter((option) => option.shape.kind.value.endsWith('-logged'))
  .map((option) => option.shape as Record<string, z.ZodType>);

function entryColumn(name: string): TableColumn {
  const typed = entryLineShapes.map((shape) => shape[name]).find((schema) => schema && !(schema instanceof z.ZodNull));
  return { name, type: typed ? columnTypeOf(typed) : 'STRING' };
}

const ENTRY_ROW_KEYS = ['stream', 'entry', 'kind', 'sex', ...Object.keys(entryLineShapes[0]!).filter((key) => !['schemaVersion', 'stream', 'seq', 'kind', 'entry', 'sex'].includes(key))];

/** The entries table: one row per standing entry, in the lines' order of fields. */
export const ENTRY_TABLE_COLUMNS: readonly TableColumn[] = ENTRY_ROW_KEYS.map(entryColumn);

export const CHILD_TABLE_COLUMNS: readonly TableColumn[] = [
  { name: 'stream', type: 'STRING' },
  { name: 'sex', type: 'STRING' },
  { name: 'shiftedBirthDate', type: 'STRING' },
  { name: 'ageFrom', type: 'STRING' },
  { name: 'nightWindowStart', type: 'STRING' },
  { name: 'nightWindowEnd', type: 'STRING' },
  { name: 'anonymized', type: 'BOOLEAN' },
  { name: 'entries', type: 'INT32' },
  { name: 'firstLocalDate', type: 'STRING' },
  { name: 'lastLocalDate', type: 'STRING' },
] satisfies readonly (TableColumn & { name: keyof ChildRow })[];
