import type { EntryTimeline } from '../entries/entry-kind-definition';
import type { EntryViewBase } from '../read-models/timeline/timeline-document';
import { epochMs, localDateTimeOf, type Instant } from '../time/zoned-time';
import { durationText, type EntryViewWithoutNotes } from '../timeline/timeline-entry';
import { volumeIn } from '../units/volume';
import type { PumpingKind } from './pumping.kind';
import { pumpingEndedAt, pumpingMinutes, type VolumeUnit } from './pumping.events';

/** A pumping session's amounts, as entered. */
export interface PumpedAmounts {
  leftAmount: number | null;
  rightAmount: number | null;
  unit: VolumeUnit;
}

/** A pumping session's own field of its timeline document. */
export interface PumpingFields {
  pumped: PumpedAmounts | null;
}

export interface PumpingView extends EntryViewBase {
  startedAt: string;
  durationMinutes: number | null;
  leftAmount: number | null;
  rightAmount: number | null;
  unit: VolumeUnit;
}

/** What each side gave, in `shown`: 'L 60 · R 50 mL', 'R 2.5 oz', '-'. */
function pumpedText(pumped: PumpedAmounts, shown: VolumeUnit): string {
  const side = (label: string, value: number | null) => (value === null ? null : `${label} ${volumeIn({ value, unit: pumped.unit }, shown)}`);
  const sides = [side('L', pumped.leftAmount), side('R', pumped.rightAmount)].filter((text) => text !== null);
  return sides.length === 0 ? '-' : `${sides.join(' · ')} ${shown}`;
}

/** A pumping session: not a feeding, so it has its own line; its length only when it was timed. */
export function pumpingEntryView(
  pumping: { id: string; startedAt: Instant; endedAt: Instant; leftAmount: number | null; rightAmount: number | null; unit: VolumeUnit },
  timezone: string,
): EntryViewWithoutNotes {
  return {
    id: pumping.id,
    datetime: localDateTimeOf(pumping.startedAt, timezone),
    type: 'Pumping',
    icon: '🥛',
    amount: pumpedText(pumping, pumping.unit),
    duration: epochMs(pumping.endedAt) > epochMs(pumping.startedAt) ? durationText(pumping.startedAt, pumping.endedAt) : '-',
    status: 'completed',
  };
}

export const pumpingTimeline: EntryTimeline<PumpingKind> = {
  factsOf: ({ startedAt, durationMinutes, leftAmount, rightAmount, unit }) => ({ startedAt, endedAt: pumpingEndedAt(startedAt, durationMinutes), pumped: { leftAmount, rightAmount, unit } }),
  fields: (facts) => ({ pumped: facts.pumped ? { ...facts.pumped } : null }),
  line: (pumping, startedAt, endedAt, timezone) => pumpingEntryView({ id: pumping.id, startedAt, endedAt, leftAmount: null, rightAmount: null, unit: 'mL', ...pumping.pumped }, timezone),
  // Milk pumped is measured in the reader's unit, as bottles are.
  amountText: (doc, units) => (doc.pumped ? pumpedText(doc.pumped, units?.volume ?? doc.pumped.unit) : '-'),
  apiView: (doc) => ({
    startedAt: doc.startedAt,
    durationMinutes: pumpingMinutes(doc.startedAt, doc.endedAt),
    leftAmount: doc.pumped?.leftAmount ?? null,
    rightAmount: doc.pumped?.rightAmount ?? null,
    unit: doc.pumped?.unit ?? 'mL',
  }),
  // Milk pumped is not milk fed: a pumping session adds to no insight.
  dailyInput: () => null,
};
