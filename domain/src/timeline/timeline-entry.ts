import { epochMs, localDateTimeOf, type Instant } from '../time/zoned-time';

/** The derived timeline entry of seed §3, shown by the dashboard and the activity log. */
export interface TimelineEntryView {
  id: string;
  datetime: string;
  type: 'Feeding' | 'Sleep' | 'Diaper' | 'Pumping';
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
  if (minutes < DURATION_TEXTS.length) return (DURATION_TEXTS[minutes] ??= minutesText(minutes));
  return minutesText(minutes);
}

function minutesText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours}h ${minutes % 60}m` : `${minutes}m`;
}

/**
 * Texts a timeline holds once per entry, shared instead of made anew: the read models keep every
 * entry in memory, and a rebuild makes a million of them. Durations up to two days; amounts as met.
 */
const DURATION_TEXTS: (string | undefined)[] = new Array(2 * 24 * 60);
const AMOUNT_TEXTS = new Map<number, string>();
const MAX_AMOUNT_TEXTS = 1000;

function amountText(amountOz: number): string {
  const known = AMOUNT_TEXTS.get(amountOz);
  if (known !== undefined) return known;
  const text = `${amountOz} oz`;
  if (AMOUNT_TEXTS.size < MAX_AMOUNT_TEXTS) AMOUNT_TEXTS.set(amountOz, text);
  return text;
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
    amount: feeding.amountOz === null ? '-' : amountText(feeding.amountOz),
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

const DIAPER_ICONS = { wet: '💧', dirty: '💩', both: '💩', dry: '🧷' } as const;
const DIAPER_TEXTS = { wet: 'Wet', dirty: 'Dirty', both: 'Wet + dirty', dry: 'Dry' } as const;

/** A diaper change: an instant, so no duration; what it held stands in the amount's place ('Dirty · green'). */
export function diaperEntryView(
  diaper: { id: string; occurredAt: Instant; contents: keyof typeof DIAPER_TEXTS; color: string | null },
  timezone: string,
): EntryViewWithoutNotes {
  return {
    id: diaper.id,
    datetime: localDateTimeOf(diaper.occurredAt, timezone),
    type: 'Diaper',
    icon: DIAPER_ICONS[diaper.contents],
    amount: diaper.color ? `${DIAPER_TEXTS[diaper.contents]} · ${diaper.color}` : DIAPER_TEXTS[diaper.contents],
    duration: '-',
    status: 'completed',
  };
}

/** What each side gave, in the unit it was entered in: 'L 60 · R 50 mL', 'R 2.5 oz', '-'. */
function pumpedText(left: number | null, right: number | null, unit: string): string {
  const sides = [left === null ? null : `L ${left}`, right === null ? null : `R ${right}`].filter((side) => side !== null);
  return sides.length === 0 ? '-' : `${sides.join(' · ')} ${unit}`;
}

/** A pumping session: not a feeding, so it has its own line; its length only when it was timed. */
export function pumpingEntryView(
  pumping: { id: string; startedAt: Instant; endedAt: Instant; leftAmount: number | null; rightAmount: number | null; unit: string },
  timezone: string,
): EntryViewWithoutNotes {
  return {
    id: pumping.id,
    datetime: localDateTimeOf(pumping.startedAt, timezone),
    type: 'Pumping',
    icon: '🥛',
    amount: pumpedText(pumping.leftAmount, pumping.rightAmount, pumping.unit),
    duration: epochMs(pumping.endedAt) > epochMs(pumping.startedAt) ? durationText(pumping.startedAt, pumping.endedAt) : '-',
    status: 'completed',
  };
}
