import { formatWallClockTime } from '../../../lib/local-date.ts';
import type { TimelineEntry } from '../../../types/api.ts';

/** Entries newest first: 'YYYY-MM-DDTHH:MM' strings sort as the times they name. */
export function sortNewestFirst<Entry extends TimelineEntry>(entries: Entry[]): Entry[] {
  return entries.sort((a, b) => (a.datetime < b.datetime ? 1 : a.datetime > b.datetime ? -1 : 0));
}

/** The time of a 'YYYY-MM-DDTHH:MM' wall-clock time, in the viewer's locale ('2:05 PM'). */
export function formatEntryTime(datetime: string): string {
  return formatWallClockTime(datetime.split('T')[1] ?? datetime);
}
