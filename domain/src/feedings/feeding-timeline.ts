import type { EntryTimeline } from '../entries/entry-kind-definition';
import { timedFeeding } from '../insights/daily-insights';
import type { EntryViewBase } from '../read-models/timeline/timeline-document';
import { localDateTimeOf, type Instant } from '../time/zoned-time';
import { durationText, type EntryViewWithoutNotes } from '../timeline/timeline-entry';
import { toMillilitres, volumeText, type EnteredAmount } from '../units/volume';
import type { FeedingKind } from './feeding.kind';
import type { BottleContent, FeedingMethod, NursingSides } from './feeding.events';

/** A feeding's own fields of its timeline document. */
export interface FeedingFields {
  amountOz: number | null;
  /** The amount as entered, in its unit. */
  enteredAmount: EnteredAmount | null;
  method: FeedingMethod | null;
  type: BottleContent | null;
  /** A nursing feeding's minutes on each breast, when a timer recorded them. */
  sides: NursingSides | null;
}

export interface FeedingView extends EntryViewBase {
  startedAt: string;
  endedAt: string;
  amountOz: number | null;
  amountMl: number | null;
  enteredAmount: EnteredAmount | null;
  method: FeedingMethod | null;
  type: BottleContent | null;
  sides: NursingSides | null;
}

/**
 * Amount texts met so far, shared instead of made anew: the read models keep every entry in
 * memory, and a rebuild makes a million of them.
 */
const AMOUNT_TEXTS = new Map<number, string>();
const MAX_AMOUNT_TEXTS = 1000;

function amountText(amountOz: number): string {
  const known = AMOUNT_TEXTS.get(amountOz);
  if (known !== undefined) return known;
  const text = `${amountOz} oz`;
  if (AMOUNT_TEXTS.size < MAX_AMOUNT_TEXTS) AMOUNT_TEXTS.set(amountOz, text);
  return text;
}

/** A feeding's line in the timeline; the web shows one waiting offline with it too. */
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

/** Ounces in millilitres to one decimal, for a reader who measures so. */
const millilitres = (oz: number | null): number | null => (oz === null ? null : Math.round(toMillilitres(oz, 'oz') * 10) / 10);

export const feedingTimeline: EntryTimeline<FeedingKind> = {
  factsOf: ({ startedAt, endedAt, amountOz, enteredAmount, method, type, sides }) => ({ startedAt, endedAt, amountOz, enteredAmount, method, type, sides }),
  fields: (facts) => ({
    amountOz: facts.amountOz ?? null,
    enteredAmount: facts.enteredAmount ? { ...facts.enteredAmount } : null,
    method: facts.method ?? null,
    type: facts.type ?? null,
    sides: facts.sides ? { ...facts.sides } : null,
  }),
  line: (feeding, startedAt, endedAt, timezone) => feedingEntryView({ id: feeding.id, startedAt, endedAt, amountOz: feeding.amountOz, method: feeding.method ?? 'Bottle' }, timezone),
  amountText(doc, units) {
    if (doc.enteredAmount) return volumeText(doc.enteredAmount, units?.volume ?? doc.enteredAmount.unit);
    // Nursing has no amount: the minutes on each breast stand in its place.
    return doc.sides ? `L ${doc.sides.leftMinutes}m · R ${doc.sides.rightMinutes}m` : doc.entry.amount;
  },
  apiView: (doc) => ({
    startedAt: doc.startedAt,
    endedAt: doc.endedAt,
    amountOz: doc.amountOz,
    amountMl: millilitres(doc.amountOz),
    enteredAmount: doc.enteredAmount,
    method: doc.method,
    type: doc.type,
    sides: doc.sides,
  }),
  dailyInput: (doc) => ({ feeding: timedFeeding({ id: doc._id, startedAt: doc.startedAt, endedAt: doc.endedAt, amountOz: doc.amountOz, method: doc.method ?? 'Bottle' }) }),
};
