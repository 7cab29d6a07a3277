import { epochMs, localDateTimeOf, type Instant } from '../time/zoned-time';

/** The derived timeline entry of seed §3, shown by the dashboard and the activity log. */
export interface TimelineEntryView {
  id: string;
  datetime: string;
  type: 'Feeding' | 'Sleep';
  icon: string;
  amount: string;
  duration: string;
  notes: string;
  status: 'completed';
}

/** The entry without its notes: notes are free text, opened from their sealed form only for their owner. */
export type EntryViewWithoutNotes = Omit<TimelineEntryView, 'notes'>;

export function durationText(startedAt: Instant, endedAt: Instant): string {
  const minutes = Math.max(0, Math.floor((epochMs(endedAt) - epochMs(startedAt)) / 60_000));
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours}h ${minutes % 60}m` : `${minutes}m`;
}

export function feedingEntryView(
  feeding: { id: string; startedAt: Instant; endedAt: Instant; amountOz: number | null; method: string },
  timezone: string,
): EntryViewWithoutNotes {
  return {
    id: feeding.id,
    datetime: localDateTimeOf(feeding.startedAt, timezone),
    type: 'Feeding',
    icon: feeding.method === 'Nursing' ? '🤱' : '🍼',
    amount: feeding.amountOz === null ? '-' : `${feeding.amountOz} oz`,
    duration: durationText(feeding.startedAt, feeding.endedAt),
    status: 'completed',
  };
}

export function sleepEntryView(
  sleep: { id: string; startedAt: Instant; endedAt: Instant },
  timezone: string,
): EntryViewWithoutNotes {
  return {
    id: sleep.id,
    datetime: localDateTimeOf(sleep.startedAt, timezone),
    type: 'Sleep',
    icon: '😴',
    amount: '-',
    duration: durationText(sleep.startedAt, sleep.endedAt),
    status: 'completed',
  };
}
