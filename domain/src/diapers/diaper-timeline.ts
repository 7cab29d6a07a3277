import type { EntryTimeline } from '../entries/entry-kind-definition';
import { timedDiaper } from '../insights/daily-insights';
import type { EntryViewBase } from '../read-models/timeline/timeline-document';
import { localDateTimeOf, type Instant } from '../time/zoned-time';
import type { EntryViewWithoutNotes } from '../timeline/timeline-entry';
import type { DiaperKind } from './diaper.kind';
import type { DiaperContents, StoolColor } from './diaper.events';
import { diaperGuidance, type DiaperGuidance } from './diaper-rules';

/** A diaper change's own fields of its timeline document. */
export interface DiaperFields {
  contents: DiaperContents | null;
  color: StoolColor | null;
}

export interface DiaperView extends EntryViewBase {
  occurredAt: string;
  contents: DiaperContents | null;
  color: StoolColor | null;
  guidance: DiaperGuidance | null;
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

export const diaperTimeline: EntryTimeline<DiaperKind> = {
  // An instant: it starts and ends when it happened, so the timeline's ranges and days hold it.
  factsOf: ({ occurredAt, contents, color }) => ({ startedAt: occurredAt, endedAt: occurredAt, contents, color }),
  fields: (facts) => ({ contents: facts.contents ?? null, color: facts.color ?? null }),
  line: (diaper, startedAt, _endedAt, timezone) => diaperEntryView({ id: diaper.id, occurredAt: startedAt, contents: diaper.contents ?? 'wet', color: diaper.color }, timezone),
  amountText: (doc) => doc.entry.amount,
  // The guidance depends on the child's age on the day, so it is worked out when read.
  apiView: (doc, { child }) => ({ occurredAt: doc.startedAt, contents: doc.contents, color: doc.color, guidance: diaperGuidance({ occurredAt: doc.startedAt, color: doc.color }, child) }),
  dailyInput: (doc) => ({ diaper: timedDiaper({ id: doc._id, occurredAt: doc.startedAt, contents: doc.contents ?? 'wet' }) }),
};
