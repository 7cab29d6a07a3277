import type { EntryKind } from '../entries/entry-kinds';
import type { EntryApiViews } from '../read-models/timeline/timeline-document';
import { localDateTimeOf } from '../time/zoned-time';
import type { Units } from '../units/units';
import { volumeIn } from '../units/volume';
import { csvText } from './csv';

/**
 * The columns of a child's CSV export, one row per entry. Times are given twice: in the child's
 * zone to read, and in UTC to import. A bottle's amount is given in the reader's unit to read, and
 * as entered to import without rounding; pumped amounts are kept in the unit they were entered in.
 */
export const ENTRY_CSV_COLUMNS = [
  'kind',
  'started_local',
  'ended_local',
  'started_utc',
  'ended_utc',
  'timezone',
  'method',
  'feeding_type',
  'amount',
  'amount_unit',
  'amount_as_entered',
  'unit_as_entered',
  'left_minutes',
  'right_minutes',
  'duration_minutes',
  'pumped_left',
  'pumped_right',
  'pumped_unit',
  'diaper_contents',
  'diaper_color',
  'room_temp_f',
  'white_noise',
  'sleep_sack',
  'notes',
  'logged_by',
  'id',
] as const;

export type EntryCsvColumn = (typeof ENTRY_CSV_COLUMNS)[number];
export type EntryCsvRow = Record<EntryCsvColumn, string>;

/** An entry as the API answers it, with its kind. */
export type KindView = { [K in EntryKind]: { kind: K; view: EntryApiViews[K] } }[EntryKind];

const text = (value: number | string | null | undefined): string => (value === null || value === undefined ? '' : String(value));
const localText = (iso: string, timezone: string) => localDateTimeOf(iso, timezone).replace('T', ' ');

/** An entry's row: its columns by name, every one a string ('' for what does not apply). */
export function entryCsvRow(entry: KindView, timezone: string, units: Units | null): EntryCsvRow {
  const row = Object.fromEntries(ENTRY_CSV_COLUMNS.map((column) => [column, ''])) as EntryCsvRow;
  const { view } = entry;
  const times = (startedAt: string, endedAt: string) => {
    Object.assign(row, { started_local: localText(startedAt, timezone), ended_local: localText(endedAt, timezone), started_utc: startedAt, ended_utc: endedAt });
  };
  Object.assign(row, { kind: entry.kind, timezone, notes: csvText(view.notes), logged_by: csvText(view.loggedBy.displayName), id: view.id });
  switch (entry.kind) {
    case 'feeding': {
      const { view: feeding } = entry;
      times(feeding.startedAt, feeding.endedAt);
      Object.assign(row, { method: text(feeding.method), feeding_type: text(feeding.type) });
      if (feeding.enteredAmount) {
        const unit = units?.volume ?? feeding.enteredAmount.unit;
        Object.assign(row, { amount: text(volumeIn(feeding.enteredAmount, unit)), amount_unit: unit, amount_as_entered: text(feeding.enteredAmount.value), unit_as_entered: feeding.enteredAmount.unit });
      }
      if (feeding.sides) Object.assign(row, { left_minutes: text(feeding.sides.leftMinutes), right_minutes: text(feeding.sides.rightMinutes) });
      break;
    }
    case 'sleep': {
      const { view: sleep } = entry;
      times(sleep.startedAt, sleep.endedAt);
      const environment = sleep.environment;
      if (environment) Object.assign(row, { room_temp_f: text(environment.roomTemp), white_noise: environment.whiteNoise ? 'yes' : 'no', sleep_sack: csvText(environment.sleepSackTag ?? '') });
      break;
    }
    case 'diaper': {
      const { view: diaper } = entry;
      times(diaper.occurredAt, diaper.occurredAt);
      Object.assign(row, { diaper_contents: text(diaper.contents), diaper_color: text(diaper.color) });
      break;
    }
    case 'pumping': {
      const { view: pumping } = entry;
      const endedAt = new Date(Date.parse(pumping.startedAt) + (pumping.durationMinutes ?? 0) * 60_000).toISOString();
      times(pumping.startedAt, endedAt);
      Object.assign(row, { duration_minutes: text(pumping.durationMinutes), pumped_left: text(pumping.leftAmount), pumped_right: text(pumping.rightAmount), pumped_unit: pumping.unit });
      break;
    }
    default: {
      const exhaustive: never = entry;
      return exhaustive;
    }
  }
  return row;
}

export const entryCsvValues = (row: EntryCsvRow): string[] => ENTRY_CSV_COLUMNS.map((column) => row[column]);
