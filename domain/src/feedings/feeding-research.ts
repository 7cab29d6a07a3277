import type { EntryResearch } from '../entries/entry-kind-definition';
import { wholeMinutesBetween } from '../insights/insight-inputs';
import type { FeedingKind } from './feeding.kind';
import type { BottleContent, FeedingMethod } from './feeding.events';

/** A feeding's research line: how, what, how much in ounces, how long. */
export interface FeedingResearch {
  method: FeedingMethod;
  type: BottleContent | null;
  amountOz: number | null;
  durationMinutes: number;
}

export const feedingResearch: EntryResearch<FeedingKind> = {
  at: ({ startedAt }) => startedAt,
  fields: ({ method, type, amountOz, startedAt, endedAt }) => ({ method, type, amountOz, durationMinutes: wholeMinutesBetween(startedAt, endedAt) }),
};
