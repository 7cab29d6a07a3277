import { instantOfLocal, instantsOfLocal, isLocalDate, isoOfMs } from '../time/zoned-time';
import { RowRefused } from './csv-cells';

const WALL_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
const WITH_OFFSET = /(Z|[+-]\d{2}:?\d{2})$/;
const DAY_MS = 86_400_000;

/**
 * A cell's time: an instant when it says its offset, else the wall time it reads (`wall`: that wall
 * clock as if it were UTC; `offset`: its date's in the zone, when the same all day).
 */
type CellTime = { instant: number } | { date: string; minute: string; seconds: number; wall: number; offset: number | null };

/**
 * What a file's dates are in a zone, each worked out once (a file has thousands of rows a day):
 * null when the text is no date, else its midnight as if it were UTC, and its offset from UTC when
 * that is the same all day (no daylight-saving change that day), else null. Cleared when large: only a cache.
 */
type ZonedDate = { midnight: number; offset: number | null };
const datesSeen = new Map<string, Map<string, ZonedDate | null>>();
const MAX_DATES_SEEN = 50_000;

function dateInZone(date: string, timezone: string): ZonedDate | null {
  let dates = datesSeen.get(timezone);
  if (!dates) datesSeen.set(timezone, (dates = new Map()));
  let known = dates.get(date);
  if (known === undefined) {
    known = null;
    if (isLocalDate(date)) {
      // The same offset at the day's first and last minute, each one reading: none changes between.
      const midnight = Date.parse(`${date}T00:00:00Z`);
      const [first, ...more] = instantsOfLocal(date, '00:00', timezone);
      const [last, ...moreLast] = instantsOfLocal(date, '23:59', timezone);
      const offset = first === undefined ? NaN : midnight - first;
      known = { midnight, offset: more.length === 0 && moreLast.length === 0 && last !== undefined && midnight + DAY_MS - 60_000 - last === offset ? offset : null };
    }
    if (dates.size >= MAX_DATES_SEEN) dates.clear();
    dates.set(date, known);
  }
  return known;
}

function digitsAt(text: string, places: readonly number[]): boolean {
  for (const at of places) {
    const code = text.charCodeAt(at);
    if (code < 48 || code > 57) return false;
  }
  return true;
}
const twoDigitsAt = (text: string, at: number): number => (text.charCodeAt(at) - 48) * 10 + text.charCodeAt(at + 1) - 48;
const PLAIN_DIGITS = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18];

/**
 * Baby Buddy's own form, '2020-02-17 03:04:09', read by its characters (a file has hundreds of
 * thousands): the same reading as WALL_TIME's, or null for any other text.
 */
function plainWallTime(value: string, timezone: string): CellTime | null {
  if (value.length !== 19 || value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45 || value.charCodeAt(13) !== 58 || value.charCodeAt(16) !== 58) return null;
  const separator = value.charCodeAt(10);
  if ((separator !== 32 && separator !== 84) || !digitsAt(value, PLAIN_DIGITS)) return null;
  const date = value.slice(0, 10);
  const zoned = dateInZone(date, timezone);
  if (!zoned) return null;
  const seconds = twoDigitsAt(value, 17);
  const wall = zoned.midnight + (twoDigitsAt(value, 11) * 60 + twoDigitsAt(value, 14)) * 60_000 + seconds * 1000;
  return { date, minute: value.slice(11, 16), seconds, wall, offset: zoned.offset };
}

function cellTime(cell: string | undefined, column: string, timezone: string): CellTime {
  const value = (cell ?? '').trim();
  const plain = plainWallTime(value, timezone);
  if (plain) return plain;
  if (WITH_OFFSET.test(value) && !Number.isNaN(Date.parse(value))) return { instant: Date.parse(value) };
  const match = WALL_TIME.exec(value);
  const zoned = match && dateInZone(match[1]!, timezone);
  if (!match || !zoned) throw new RowRefused(`${column} must be a date and time such as 2020-02-17 03:04:09`);
  const minute = match[2]!;
  const seconds = Number(match[3] ?? 0);
  const wall = zoned.midnight + (Number(minute.slice(0, 2)) * 60 + Number(minute.slice(3))) * 60_000 + seconds * 1000;
  return { date: match[1]!, minute, seconds, wall, offset: zoned.offset };
}

/** The instants a cell's time can be in the zone: one, or two in the hour repeated when daylight saving ends. */
function readings(time: CellTime, timezone: string): number[] {
  if ('instant' in time) return [time.instant];
  if (time.offset !== null) return [time.wall - time.offset];
  const found = instantsOfLocal(time.date, time.minute, timezone);
  // A time in the hour skipped when daylight saving starts reads as a single time does.
  return (found.length > 0 ? found : [instantOfLocal(time.date, time.minute, timezone).getTime()]).map((instant) => instant + time.seconds * 1000);
}

/** The wall clock of a time as if it were UTC, to measure a wall-clock length. */
const wallMs = (time: CellTime): number | null => ('instant' in time ? null : time.wall);

/**
 * Baby Buddy writes times in its server's zone without an offset ('2020-02-17 03:04:09'): they are
 * read in the child's zone. A time with an offset or Z is read as it says.
 */
export function babyBuddyInstant(cell: string | undefined, column: string, timezone: string): string {
  return isoOfMs(readings(cellTime(cell, column, timezone), timezone)[0]!);
}

/**
 * A start and an end without offsets: of their readings in the zone, the pair that lasts the
 * wall-clock length (01:50 to 02:10 on the night daylight saving ends is 20 minutes, the first
 * 01:50 being an hour and 20 minutes before 02:10); where no pair does (across the hour skipped in
 * spring), each is read as a single time is.
 */
export function babyBuddyInterval(startCell: string | undefined, endCell: string | undefined, timezone: string): { startedAt: string; endedAt: string } {
  const start = cellTime(startCell, 'start', timezone);
  const end = cellTime(endCell, 'end', timezone);
  // Both on days of one offset each (nearly every row): one reading each, which is the answer.
  if ('wall' in start && 'wall' in end && start.offset !== null && end.offset !== null) return { startedAt: isoOfMs(start.wall - start.offset), endedAt: isoOfMs(end.wall - end.offset) };
  const starts = readings(start, timezone);
  const ends = readings(end, timezone);
  const wallStart = wallMs(start);
  const wallEnd = wallMs(end);
  const length = wallStart === null || wallEnd === null ? null : wallEnd - wallStart;
  let chosen: [number, number] = [starts[0]!, ends[0]!];
  if (length !== null) {
    for (const s of starts) for (const e of ends) if (e - s === length && chosen[1] - chosen[0] !== length) chosen = [s, e];
  }
  return { startedAt: isoOfMs(chosen[0]), endedAt: isoOfMs(chosen[1]) };
}
