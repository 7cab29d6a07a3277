import type { EntryType } from '../entries/entry-kinds';
import { epochMs, localDateTimeOf, type Instant } from '../time/zoned-time';

/** The derived timeline entry of seed §3, shown by the dashboard and the activity log. */
export interface TimelineEntryView {
  id: string;
  datetime: string;
  type: EntryType;
  icon: string;
  amount: string;
  duration: string;
  notes: string;
  status: 'completed';
}

/** The entry without its notes: notes are free text, opened from their sealed form only for their owner. */
export type EntryViewWithoutNotes = Omit<TimelineEntryView, 'notes'>;

/**
 * An entry's line in the timeline from its kind's sign and amount text: dated in the child's zone, its
 * length when it has one. The web makes the line of an entry waiting offline with it too.
 */
export function entryLine(type: EntryType, id: string, parts: { icon: string; amount: string }, startedAt: Instant, endedAt: Instant, timezone: string): EntryViewWithoutNotes {
  return {
    id,
    datetime: localDateTimeOf(startedAt, timezone),
    type,
    icon: parts.icon,
    amount: parts.amount,
    duration: epochMs(endedAt) > epochMs(startedAt) ? durationText(startedAt, endedAt) : '-',
    status: 'completed',
  };
}

export function durationText(startedAt: Instant, endedAt: Instant): string {
  const minutes = Math.max(0, Math.floor((epochMs(endedAt) - epochMs(startedAt)) / 60_000));
  if (minutes < DURATION_TEXTS.length) return (DURATION_TEXTS[minutes] ??= minutesText(minutes));
  return minutesText(minutes);
}

function minutesText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours}h ${minutes % 60}m` : `${minutes}m`;
}

/**
 * Texts a timeline holds once per entry, shared instead of made anew: the read models keep every
 * entry in memory, and a rebuild makes a million of them. Durations up to two days.
 */
const DURATION_TEXTS: (string | undefined)[] = new Array(2 * 24 * 60);
