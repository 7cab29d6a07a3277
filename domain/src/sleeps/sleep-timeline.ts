import type { EntryTimeline } from '../entries/entry-kind-definition';
import { timedSleep } from '../insights/daily-insights';
import type { EntryViewBase } from '../read-models/timeline/timeline-document';
import { localDateTimeOf, type Instant } from '../time/zoned-time';
import { durationText, type EntryViewWithoutNotes } from '../timeline/timeline-entry';
import type { SleepKind } from './sleep.kind';
import type { RecordedSleepEnvironment } from './sleep.events';

/** A sleep's own field of its timeline document: its environment, the tag still sealed. */
export interface SleepFields {
  environment: RecordedSleepEnvironment | null;
}

export interface SleepView extends EntryViewBase {
  startedAt: string;
  endedAt: string;
  environment: { roomTemp: number | null; whiteNoise: boolean; sleepSackTag: string | null } | null;
}

/** A sleep's line in the timeline; the web shows one waiting offline with it too. */
export function sleepEntryView(sleep: { id: string; startedAt: Instant; endedAt: Instant }, timezone: string): EntryViewWithoutNotes {
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

export const sleepTimeline: EntryTimeline<SleepKind> = {
  factsOf: ({ startedAt, endedAt, environment }) => ({ startedAt, endedAt, environment }),
  fields: (facts) => ({ environment: facts.environment ? { ...facts.environment } : null }),
  line: (sleep, startedAt, endedAt, timezone) => sleepEntryView({ id: sleep.id, startedAt, endedAt }, timezone),
  amountText: (doc) => doc.entry.amount,
  // The tag as opened for the reader: never the sealed tag, nor the TOG rating kept for research.
  apiView: (doc, { sleepSackTag }) => {
    const environment = doc.environment;
    return { startedAt: doc.startedAt, endedAt: doc.endedAt, environment: environment && { roomTemp: environment.roomTemp, whiteNoise: environment.whiteNoise, sleepSackTag } };
  },
  dailyInput: (doc) => ({ sleep: timedSleep({ id: doc._id, startedAt: doc.startedAt, endedAt: doc.endedAt }) }),
};
